/** `buildTestApp()`: the app over the fixture checklist, on the embedded engine. */
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/http/app.ts';
import {
  createEmbeddedEngine,
  type EmbeddedEngine,
  type EmbeddedEngineOptions,
} from '../../src/index/embedded-engine.ts';
import { loadInto } from '../../src/runtime/open-engine.ts';
import { FIXTURE_DIR } from './data-dir.ts';

export interface TestApp {
  app: FastifyInstance;
  engine: EmbeddedEngine;
}

export async function buildTestApp(
  options: {
    dataDir?: string;
    accessTokens?: string[];
    answerCacheBytes?: number;
    taxonTextsBytes?: number;
    engine?: EmbeddedEngineOptions;
  } = {},
): Promise<TestApp> {
  const engine = createEmbeddedEngine(options.engine);
  await loadInto(engine, options.dataDir ?? FIXTURE_DIR);
  const { answerCacheBytes, taxonTextsBytes } = options;
  // Every answer is also checked against its route's response schema.
  const app = await createApp({
    engine,
    accessTokens: options.accessTokens ?? [],
    checkAnswers: true,
    ...(answerCacheBytes === undefined ? {} : { answerCacheBytes }),
    ...(taxonTextsBytes === undefined ? {} : { taxonTextsBytes }),
  });
  await app.ready();
  return { app, engine };
}
