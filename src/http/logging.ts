/**
 * The server's logger options: pino at the configured level, with access tokens kept out of
 * every line. Request lines carry the URL with the token parameters' values replaced, and never
 * the headers; a header that reaches a log line through an error is censored by path.
 */
import type { FastifyRequest } from 'fastify';
import { TOKEN_PARAMETERS } from './auth.ts';

const REDACTED = '[redacted]';
const SECRET_PARAMETERS = new Set<string>(TOKEN_PARAMETERS.map((name) => name.toLowerCase()));

/** A query parameter's name as the query parser reads it (`access%5Ftoken` is `access_token`). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `url` with the values of the token parameters replaced, however their names are encoded. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'req.headers.cookie', 'err.rawPacket'],
      censor: REDACTED,
    },
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
