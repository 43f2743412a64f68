/**
 * The error object every failed request is answered with (docs/api.md, "Errors"):
 * `{errorCode, message, localized, details?}`, `details` keyed by JSON pointers into the request.
 * The message is in the request's language: in Finnish or Swedish the catalogue's text for the
 * code, in English the error's own message, which names what went wrong; `localized` says whether
 * it is in the language the request asked for (not so for `multi`).
 * Code below HTTP names the place of a problem (a parameter, a place in the body); only here is
 * it known where a parameter came from, so only here are pointers written.
 */
import { ERROR_CATALOGUE, pointerToken, type AppError, type ErrorCode, type Place } from '../../errors.ts';
import type { ResponseLanguage } from './translate.ts';

/** JSON pointer (e.g. `/query/pageSize`, `/body/taxonRank/1`) → messages. */
export type ErrorDetails = Record<string, string[]>;

export interface ErrorAnswer {
  errorCode: ErrorCode;
  message: string;
  localized: boolean;
  details?: ErrorDetails;
}

/** The request's path parameters, where a parameter of that name comes from the path. */
type PathParameters = unknown;

/** @example pointerOf({ body: ['taxonRank', 1] }) // '/body/taxonRank/1' */
export function pointerOf(at: Place, pathParameters?: PathParameters): string {
  if ('body' in at) return ['/body', ...at.body.map(pointerToken)].join('/');
  const inPath =
    typeof pathParameters === 'object' && pathParameters !== null && Object.hasOwn(pathParameters, at.parameter);
  return `/${inPath ? 'params' : 'query'}/${pointerToken(at.parameter)}`;
}

/**
 * The answer of `error`; `pathParameters` are the matched route's (`request.params`), `language`
 * the request's (English where no request was read).
 */
export function errorAnswer(
  error: AppError,
  pathParameters?: PathParameters,
  language: ResponseLanguage = 'en',
): ErrorAnswer {
  const translated = language === 'fi' || language === 'sv';
  const answer: ErrorAnswer = {
    errorCode: error.errorCode,
    message: translated ? ERROR_CATALOGUE[error.errorCode].localized[language] : error.message,
    localized: language !== 'multi',
  };
  if (error.issues.length === 0) return answer;
  const details: ErrorDetails = {};
  for (const { at, message } of error.issues) (details[pointerOf(at, pathParameters)] ??= []).push(message);
  return { ...answer, details };
}
