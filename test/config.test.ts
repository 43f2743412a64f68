import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      TAXA_ENGINE: 'embedded',
      TAXA_DATA_DIR: DEFAULT_DATA_DIR,
      ELASTICSEARCH_INDEX_PREFIX: 'taxa',
      CORS_ORIGINS: ['*'],
      ACCESS_TOKENS: [],
      LOG_LEVEL: 'info',
      ANSWER_CACHE_MB: 32,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      REQUEST_TIMEOUT_MS: 20_000,
      ANSWER_DEADLINE_MS: 20_000,
      MAX_EXPORTS: 4,
      MAX_EXPORTS_PER_CLIENT: 2,
      RATE_LIMIT_PER_MINUTE: 6_000,
    });
    expect(DEFAULT_DATA_DIR).toMatch(/data\/sample$/);
  });

  it('reads the Elasticsearch settings', () => {
    const config = loadConfig({
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: 'https://es.example:9200',
      ELASTICSEARCH_INDEX_PREFIX: 'taxa-test',
    });
    expect(config).toMatchObject({
      TAXA_ENGINE: 'elasticsearch',
      ELASTICSEARCH_URL: 'https://es.example:9200',
      ELASTICSEARCH_INDEX_PREFIX: 'taxa-test',
    });
  });

  it('reads tokens as a comma list', () => {
    expect(loadConfig({ ACCESS_TOKENS: 'a, b,,c' }).ACCESS_TOKENS).toEqual(['a', 'b', 'c']);
  });

  it('reads the answer cache bound under its earlier name when the current one is unset', () => {
    expect(loadConfig({ SEARCH_CACHE_MB: '0' }).ANSWER_CACHE_MB).toBe(0);
    expect(loadConfig({ SEARCH_CACHE_MB: '0', ANSWER_CACHE_MB: '8' }).ANSWER_CACHE_MB).toBe(8);
    expect(loadConfig({}).ANSWER_CACHE_MB).toBe(32);
  });

  it('stops with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TAXA_ENGINE: 'solr' })).toThrow(/TAXA_ENGINE/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ ANSWER_CACHE_MB: '-1' })).toThrow(/ANSWER_CACHE_MB/);
    expect(() => loadConfig({ CHANGES_KEPT_RECORDS: '0' })).toThrow(/CHANGES_KEPT_RECORDS/);
    expect(() => loadConfig({ ENGINE_HEAP_MB: '8' })).toThrow(/ENGINE_HEAP_MB/);
    expect(loadConfig({ ENGINE_HEAP_MB: '8192' }).ENGINE_HEAP_MB).toBe(8192);
    expect(() => loadConfig({ MAX_GZIP_RATIO: '1' })).toThrow(/MAX_GZIP_RATIO/);
    expect(loadConfig({ MAX_GZIP_RATIO: '1000' }).MAX_GZIP_RATIO).toBe(1000);
    expect(loadConfig({ CHANGES_KEPT_RECORDS: '1000' }).CHANGES_KEPT_RECORDS).toBe(1000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ANSWER_DEADLINE_MS: '20s' })).toThrow(/ANSWER_DEADLINE_MS/);
    expect(loadConfig({ ANSWER_DEADLINE_MS: '5000' }).ANSWER_DEADLINE_MS).toBe(5000);
    expect(() => loadConfig({ TAXA_ENGINE: 'elasticsearch' })).toThrow(/ELASTICSEARCH_URL: is required/);
    expect(() => loadConfig({ ELASTICSEARCH_URL: 'ftp://es:9200' })).toThrow(/ELASTICSEARCH_URL/);
    expect(() => loadConfig({ ELASTICSEARCH_INDEX_PREFIX: 'Taxa' })).toThrow(
      /ELASTICSEARCH_INDEX_PREFIX: must be 1 to 100 lower-case/,
    );
  });
});
