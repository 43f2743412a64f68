import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { EngineStartError } from '../../src/runtime/open-engine.ts';
import { startService } from '../../src/runtime/serve.ts';

describe('startService with TAXA_ENGINE=elasticsearch', () => {
  it('refuses to start, promptly, when the cluster cannot be reached, naming the URL and the load command', async () => {
    const config = loadConfig({
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://127.0.0.1:1',
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const started = performance.now();
    const error = await startService(config).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(EngineStartError);
    expect((error as Error).message).toBe(
      'engine: cannot serve from Elasticsearch at http://127.0.0.1:1/: the search cluster cannot be reached.\n' +
        'Check that the cluster runs there (ELASTICSEARCH_URL), then load a data directory into it:\n' +
        '  taxa load <dir> --url http://127.0.0.1:1/ --prefix taxa',
    );
  });

  it('keeps credentials in the URL out of the message', async () => {
    const config = loadConfig({
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://elastic:secret@127.0.0.1:1',
      PORT: '0',
    });
    const error = await startService(config).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain('http://127.0.0.1:1/');
    expect((error as Error).message).not.toContain('secret');
  });
});
