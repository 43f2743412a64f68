/**
 * What the browser test of the explorer and the screenshot script share: where a Chromium is,
 * and the app on the bundled sample listening on a free port.
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './app.ts';

/** The bundled sample checklist, which the explorer's views are shown on. */
export const SAMPLE_DIR = 'data/sample';

/** Where Debian's `chromium` package puts the browser. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export type ChromiumAvailability = { executablePath: string } | { missing: string };

/** `CHROMIUM_PATH` when it is set, else Debian's Chromium; or why there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumAvailability {
  const asked = env.CHROMIUM_PATH;
  if (asked) {
    return existsSync(asked)
      ? { executablePath: asked }
      : { missing: `CHROMIUM_PATH is ${asked}, where there is no file` };
  }
  if (existsSync(DEFAULT_CHROMIUM)) return { executablePath: DEFAULT_CHROMIUM };
  return { missing: `no Chromium at ${DEFAULT_CHROMIUM} and no CHROMIUM_PATH (apt-get install chromium)` };
}

export interface ServedSample {
  app: FastifyInstance;
  /** the origin the app listens on, `http://127.0.0.1:<port>` */
  origin: string;
}

/** The app over the sample (or `dataDir`), listening on a port of the system's choosing. */
export async function serveSample(accessTokens: string[] = [], dataDir = SAMPLE_DIR): Promise<ServedSample> {
  const { app } = await buildTestApp({ dataDir, accessTokens });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: address };
}
