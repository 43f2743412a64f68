/**
 * The server's logger options: pino at the configured level, with access tokens kept out of
 * every line. Request lines carry the URL with the value of every query parameter the route does
 * not take replaced (a token sent under a name the service does not read, `?token=`,
 * `?access_token[]=`, stays out too), and the token parameters' values always; never the
 * headers. A header that reaches a log line through an error is censored by path.
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

/**
 * `url` with the values of the token parameters replaced, however their names are encoded, and
 * with `allowed` (the route's query parameters, lower case) the value of every other one too.
 */
export function redactUrl(url: string, allowed?: ReadonlySet<string>): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const decoded = decodedName(name);
      const shown = !SECRET_PARAMETERS.has(decoded) && (allowed === undefined || allowed.has(decoded));
      return shown || equals < 0 ? pair : `${name}=${REDACTED}`;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

const NO_PARAMETERS: ReadonlySet<string> = new Set();
const routeParameters = new WeakMap<object, ReadonlySet<string>>();

/** The query parameters the request's route declares (none for an unknown route), lower case. */
function parametersOf(request: FastifyRequest): ReadonlySet<string> {
  const schema = request.routeOptions?.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  if (typeof schema !== 'object' || schema === null) return NO_PARAMETERS;
  let names = routeParameters.get(schema);
  if (names === undefined) {
    names = new Set(Object.keys(schema.shape ?? {}).map((name) => name.toLowerCase()));
    routeParameters.set(schema, names);
  }
  return names;
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
        url: redactUrl(request.url, parametersOf(request)),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
