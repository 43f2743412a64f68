/**
 * The behaviour suite: HTTP requests with expected answers over the fixture checklist. It takes
 * the app as a parameter so that every engine is held to the same answers; each engine has a
 * `*.test.ts` that calls `defineBehaviourSuite` with an app built on it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { aggregateBehaviour } from './aggregate.behaviour.ts';
import { changesBehaviour } from './changes.behaviour.ts';
import { errorBehaviour } from './errors.behaviour.ts';
import { exportBehaviour } from './export.behaviour.ts';
import { filterBehaviour } from './filter.behaviour.ts';
import { groupBehaviour } from './groups.behaviour.ts';
import { legacyBehaviour } from './legacy.behaviour.ts';
import { pageBehaviour } from './pages.behaviour.ts';
import { searchBehaviour } from './search.behaviour.ts';
import { treeBehaviour } from './tree.behaviour.ts';

export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

function clientOf(app: () => FastifyInstance): Client {
  const send = async (options: InjectOptions) => {
    const response = await app().inject(options);
    return { status: response.statusCode, body: response.body === '' ? undefined : response.json() };
  };
  return {
    get: (url, headers = {}) => send({ method: 'GET', url, headers }),
    post: (url, payload, headers = {}) =>
      send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      }),
  };
}

/** Builds the app under test; `close` releases whatever it started. */
export type BehaviourSetup = () => Promise<{ app: FastifyInstance; close(): Promise<void> }>;

/**
 * The suite on the app `setup` builds, in `beforeAll` (waiting up to `setupTimeoutMs`, default
 * the configured hook timeout). `{ skipped: reason }` instead of a setup reports the whole suite
 * as skipped, the reason in its name, for an engine whose server is not available.
 */
export function defineBehaviourSuite(
  engine: string,
  setup: BehaviourSetup | { skipped: string },
  options: { setupTimeoutMs?: number } = {},
) {
  const title = `behaviour (${engine} engine)`;
  const define = typeof setup === 'function' ? describe : describe.skip;
  define(typeof setup === 'function' ? title : `${title}: skipped — ${setup.skipped}`, () => {
    let built: { app: FastifyInstance; close(): Promise<void> };
    if (typeof setup === 'function') {
      beforeAll(async () => {
        built = await setup();
      }, options.setupTimeoutMs);
      afterAll(async () => built?.close());
    }
    const client = clientOf(() => built.app);
    pageBehaviour(client);
    filterBehaviour(client);
    treeBehaviour(client);
    changesBehaviour(client);
    exportBehaviour(client);
    aggregateBehaviour(client);
    groupBehaviour(client);
    errorBehaviour(client);
    searchBehaviour(client);
    legacyBehaviour(client);
  });
}

export const ids = (results: { id: string }[]) => results.map((r) => r.id);
