/**
 * The server's logger options: pino at the configured level, with access tokens kept out of
 * every line. Request lines carry the URL with the token parameters' values replaced, and never
 * the headers; a header that reaches a log line through an error is censored by path.
 */
import type { FastifyRequest } from 'fastify';
import { TOKEN_PARAMETERS } from './auth.ts';

const REDACTED = '[redacted]';
const TOKEN_IN_QUERY = new RegExp(`([?&](?:${TOKEN_PARAMETERS.join('|')})=)[^&#]*`, 'gi');

/** `url` with the values of the token parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'req.headers.cookie'], censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
