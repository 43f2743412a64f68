/**
 * Configuration from the environment, checked before anything starts: a bad value stops the
 * start with a message naming the variable.
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MAX_GZIP_RATIO_RANGE, MAX_LINE_BYTES_RANGE } from '../loaders/ndjson.ts';
import { DEFAULT_EXPORT_LIMITS } from './http/answers/export.ts';
import { DEFAULT_INDEX_PREFIX, INDEX_PREFIX_PATTERN } from './index/elasticsearch/naming.ts';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/sample', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A comma-separated list, its items trimmed and empty ones dropped; `fallback` when unset. */
const commaList = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? fallback)
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TAXA_ENGINE: z.enum(['embedded', 'elasticsearch']).default('embedded'),
    TAXA_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    TAXA_SNAPSHOT_DIR: z.string().min(1).optional(),
    ELASTICSEARCH_URL: z.url({ protocol: /^https?$/ }).optional(),
    ELASTICSEARCH_INDEX_PREFIX: z
      .string()
      .regex(
        INDEX_PREFIX_PATTERN,
        "must be 1 to 100 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit",
      )
      .default(DEFAULT_INDEX_PREFIX),
    CORS_ORIGINS: commaList('*'),
    ACCESS_TOKENS: commaList(''),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    ANSWER_CACHE_MB: z.coerce.number().min(0).max(65536).default(32),
    CHANGES_KEPT_RECORDS: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
    ENGINE_HEAP_MB: z.coerce.number().int().min(64).max(1_048_576).optional(),
    MAX_LINE_BYTES: z.coerce.number().int().min(MAX_LINE_BYTES_RANGE[0]).max(MAX_LINE_BYTES_RANGE[1]).optional(),
    MAX_EXPORTS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_EXPORT_LIMITS.total),
    MAX_EXPORTS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_EXPORT_LIMITS.perClient),
    MAX_GZIP_RATIO: z.coerce.number().int().min(MAX_GZIP_RATIO_RANGE[0]).max(MAX_GZIP_RATIO_RANGE[1]).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000_000).default(6_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
    ANSWER_DEADLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  })
  .refine((c) => c.TAXA_ENGINE !== 'elasticsearch' || c.ELASTICSEARCH_URL !== undefined, {
    path: ['ELASTICSEARCH_URL'],
    message: 'is required when TAXA_ENGINE=elasticsearch',
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** @example loadConfig({ PORT: '8080' }) */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The answer cache's bound had the name of the one route family it first served.
  if (present.ANSWER_CACHE_MB === undefined && present.SEARCH_CACHE_MB !== undefined)
    present.ANSWER_CACHE_MB = present.SEARCH_CACHE_MB;
  const parsed = configSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`config: invalid environment:\n${lines.join('\n')}`);
}
