/**
 * `taxa generate`: writes a deterministic synthetic data directory (see `generate/`).
 *
 *   taxa generate --out DIR [--taxa N] [--seed N] [--gzip] [--versions current,MR.424]
 */
import { parseArgs } from 'node:util';
import { KNOWN_VERSIONS, writeSyntheticDataDirectory } from '../../generate/index.ts';
import { MAX_TAXA } from '../../generate/ids.ts';

export const GENERATE_USAGE = `usage: taxa generate --out DIR [options]

Writes a deterministic synthetic checklist: informal-taxon-groups.json,
red-list-evaluation-groups.json, checklist-versions.json and one <version>.ndjson[.gz] per version.

options:
  --out DIR              directory to write (created if missing; required)
  --taxa N               number of taxa, root included (default 1000)
  --seed N               random seed, 0 to 4294967295 (default 1)
  --gzip                 write .ndjson.gz instead of .ndjson
  --versions LIST        comma-separated versions (default current; current is always written)
                         known: ${KNOWN_VERSIONS.join(', ')}
  -h, --help             show this help
`;

interface GenerateArgs {
  out: string;
  taxa: number;
  seed: number;
  gzip: boolean;
  versions: string[];
}

class UsageError extends Error {}

function integerOption(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${value}'`);
  }
  return parsed;
}

function parseVersions(value: string | undefined): string[] {
  if (value === undefined) return ['current'];
  const versions = value
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '');
  const unknown = versions.filter((version) => !KNOWN_VERSIONS.includes(version));
  if (versions.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--versions: unknown version '${unknown.join(', ') || value}' (known: ${KNOWN_VERSIONS.join(', ')})`,
    );
  }
  return versions;
}

function parse(argv: string[]): GenerateArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      taxa: { type: 'string' },
      seed: { type: 'string' },
      gzip: { type: 'boolean', default: false },
      versions: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.out === undefined || values.out.trim() === '') throw new UsageError('--out DIR is required');
  return {
    out: values.out,
    taxa: integerOption('taxa', values.taxa, 1000, 1, MAX_TAXA),
    seed: integerOption('seed', values.seed, 1, 0, 0xffffffff),
    gzip: values.gzip,
    versions: parseVersions(values.versions),
  };
}

function parseOrReport(argv: string[]): GenerateArgs | 'help' | undefined {
  try {
    return parse(argv);
  } catch (error) {
    // parseArgs throws TypeErrors naming the option (unknown option, missing value).
    if (error instanceof UsageError || error instanceof TypeError) {
      process.stderr.write(`taxa generate: ${error.message}\n\n${GENERATE_USAGE}`);
      return undefined;
    }
    throw error;
  }
}

/** Runs `taxa generate`; returns the exit code (0 done, 2 bad arguments, 1 failure). */
export async function runGenerate(argv: string[]): Promise<number> {
  const args = parseOrReport(argv);
  if (args === undefined) return 2;
  if (args === 'help') {
    process.stdout.write(GENERATE_USAGE);
    return 0;
  }
  const started = performance.now();
  try {
    const result = await writeSyntheticDataDirectory(args.out, args);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    process.stdout.write(
      `generated ${result.taxa} taxa (seed ${args.seed}) into ${args.out}: ${result.files.length} files in ${seconds} s\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`taxa generate: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
