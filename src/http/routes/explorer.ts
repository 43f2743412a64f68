/**
 * The explorer page (`public/`): GET / is its HTML, GET /explorer/{file} its ES modules and
 * stylesheet, all open without an access token (the page sends the token on its API calls) and
 * hidden from the OpenAPI document. The files are read once, when the app is built, and answered
 * from memory with an ETag; a file that is not there is the 404 error object of unknown routes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Where the page's files are, in the repository. */
export const PUBLIC_DIR = fileURLToPath(new URL('../../../public/', import.meta.url));

/** The prefix of the assets' URLs (and their folder under `PUBLIC_DIR`). */
export const ASSET_PREFIX = '/explorer';

const CONTENT_TYPES: Partial<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The page loads its own scripts and styles only, and talks to this service only: no inline
 * script can run, whatever text the data holds.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  type: string;
  body: Buffer;
  etag: string;
}

function assetOf(path: string): Asset {
  const type = CONTENT_TYPES[extname(path)];
  if (type === undefined) throw new Error(`The explorer has a file of no known type: ${path}`);
  const body = readFileSync(path);
  return { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The files of `dir` by name, each with its content type (a file of another type is a mistake). */
function assetsIn(dir: string): Map<string, Asset> {
  const names = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(names.map((entry) => [entry.name, assetOf(join(dir, entry.name))]));
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  reply
    .header('Content-Type', asset.type)
    .header('Cache-Control', 'no-cache')
    .header('ETag', asset.etag)
    .header('X-Content-Type-Options', 'nosniff');
  if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  return reply.send(asset.body);
}

const open = { public: true };

export const explorerRoutes: FastifyPluginAsyncZod<{ dir?: string }> = async (app, options) => {
  const dir = options.dir ?? PUBLIC_DIR;
  const page = assetOf(join(dir, 'index.html'));
  const assets = assetsIn(join(dir, ASSET_PREFIX.slice(1)));
  app.get('/', { config: open, schema: { hide: true } }, async (request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return send(request, reply, page);
  });
  app.get(
    `${ASSET_PREFIX}/:file`,
    { config: open, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const asset = assets.get(request.params.file);
      return asset === undefined ? reply.callNotFound() : send(request, reply, asset);
    },
  );
};
