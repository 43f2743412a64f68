/**
 * Access tokens: when configured, every request carries one, as `Authorization: Bearer <token>`
 * (the scheme in any case), or as `access_token` (or the legacy `personToken`) in the query;
 * otherwise the answer is a 401 error object with `WWW-Authenticate: Bearer`. Routes declared
 * `public` (the health checks, which load balancers call without credentials, and the OpenAPI
 * document) are exempt.
 *
 * Tokens are compared as SHA-256 digests with `timingSafeEqual`, against every configured token,
 * so the time a guess takes says nothing of how close it came.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/** The query parameters a token may come in; the logs redact them (`logging.ts`). */
export const TOKEN_PARAMETERS = ['access_token', 'personToken'] as const;

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;
const REALM = 'Bearer realm="taxa"';

const digestOf = (token: string) => createHash('sha256').update(token).digest();

/** The token a request presents, if any. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (match) return match[1];
  const query = request.query as Record<string, unknown> | undefined;
  for (const name of TOKEN_PARAMETERS) {
    const value = query?.[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

export interface TokenCheck {
  /** whether tokens are configured at all */
  readonly required: boolean;
  /** the digest (hex) of the valid token the request presents, or undefined */
  validDigestOf(request: FastifyRequest): string | undefined;
}

export function createTokenCheck(tokens: readonly string[]): TokenCheck {
  const digests = tokens.map(digestOf);
  return {
    required: digests.length > 0,
    validDigestOf(request) {
      const token = tokenOf(request);
      if (token === undefined) return undefined;
      const digest = digestOf(token);
      let valid = false;
      for (const known of digests) valid = timingSafeEqual(digest, known) || valid;
      return valid ? digest.toString('hex') : undefined;
    },
  };
}

function refuse(reply: FastifyReply, message: string, error?: 'invalid_token'): AppError {
  reply.header('WWW-Authenticate', error ? `${REALM}, error="${error}"` : REALM);
  return new AppError('UNAUTHORIZED', message);
}

/**
 * The check runs when the body is about to be read (`preParsing`): after the rate limit, whose
 * hook is the route's own `onRequest` and so runs after the application's, so that wrong-token
 * guesses are counted too; and before a body is parsed for a caller without a token.
 */
export function registerAccessTokens(app: FastifyInstance, check: TokenCheck): void {
  if (!check.required) return;
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.routeOptions.config.public === true) return payload;
    if (check.validDigestOf(request) !== undefined) return payload;
    if (tokenOf(request) === undefined) throw refuse(reply, 'An access token is required');
    throw refuse(reply, 'The access token is not valid', 'invalid_token');
  });
}
