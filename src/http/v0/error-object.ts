/**
 * The legacy interface's error object: `{error: {statusCode, name, message}}`, as its clients
 * read it, with the current error's code and the JSON pointers of its details (`code`,
 * `details`) besides. Every refusal under `/v0` is answered with it: the legacy interface's scope
 * gives it to `registerErrorHandling` (`../plugins/error-handler.ts`).
 */
import { z } from 'zod';
import type { AppError } from '../../errors.ts';
import { errorAnswer } from '../answers/error-answer.ts';
import type { ErrorBody } from '../plugins/error-handler.ts';

export interface LegacyErrorAnswer {
  error: {
    statusCode: number;
    name: string;
    message: string;
    code: string;
    details?: Record<string, string[]>;
  };
}

/** The answer of `error` under `/v0`; `pathParameters` are the matched route's (`request.params`). */
export function legacyErrorAnswer(error: AppError, pathParameters?: unknown): LegacyErrorAnswer {
  const { errorCode, message, details } = errorAnswer(error, pathParameters);
  return {
    error: {
      statusCode: error.statusCode,
      name: error.statusCode === 422 ? 'ValidationError' : 'Error',
      message,
      code: errorCode,
      ...(details ? { details } : {}),
    },
  };
}

/** The legacy interface's error object, as its scope writes it. */
export const legacyErrorBody: ErrorBody = (error, _request, pathParameters) => legacyErrorAnswer(error, pathParameters);

export const legacyErrorSchema = z
  .object({
    error: z.object({
      statusCode: z.number().int(),
      name: z.string(),
      message: z.string(),
      code: z.string(),
      details: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .describe('Error: {error: {statusCode, name, message, code, details?}}');

/** The error statuses every legacy route may answer. */
export const LEGACY_ERROR_ANSWERS = {
  400: legacyErrorSchema,
  401: legacyErrorSchema,
  404: legacyErrorSchema,
  422: legacyErrorSchema,
  429: legacyErrorSchema,
  503: legacyErrorSchema,
} as const;
