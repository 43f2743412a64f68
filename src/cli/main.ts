/**
 * The command line: `taxa <command>` (or `npm run taxa -- <command>`).
 *
 *   serve                 serve the data directory (TAXA_DATA_DIR) over HTTP
 *   validate <dir>        check a data directory; every problem with file and line
 *   build <dir>           write the snapshot `serve` opens instead of loading the directory
 *   load <dir>            index a data directory into Elasticsearch and swap it in (see load --help)
 *   generate --out <dir>  write a deterministic synthetic checklist (see generate --help)
 *   diff <dir> --from V   what changed between two versions of a data directory (see diff --help)
 *   export <dir>          every taxon a filter matches, as CSV, NDJSON or JSON (see export --help)
 *   mappings              write mappings/*.json from the taxon schema
 *   elasticsearch         run a local single-node Elasticsearch (see elasticsearch --help)
 */
type Command = (argv: string[]) => Promise<number>;

/** Commands load lazily, so `generate` does not start the HTTP stack. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.ts')).runServe,
  validate: async () => (await import('./validate.ts')).runValidate,
  build: async () => (await import('./build.ts')).runBuild,
  load: async () => (await import('./load.ts')).runLoad,
  generate: async () => (await import('./generate.ts')).runGenerate,
  diff: async () => (await import('./diff.ts')).runDiff,
  export: async () => (await import('./export.ts')).runExport,
  mappings: async () => (await import('./mappings.ts')).runMappings,
  elasticsearch: async () => (await import('./elasticsearch.ts')).runElasticsearch,
};

const USAGE = `usage: taxa <command> [options]

commands:
  serve                 serve TAXA_DATA_DIR (default: the bundled sample) over HTTP
  validate <dir>        check a data directory and list every problem (file, line, id)
  build <dir>           write the snapshot serve opens instead of loading the directory (build --help)
  load <dir> [--url U]  index a data directory into Elasticsearch, swapped in atomically (load --help)
  generate --out <dir>  write a deterministic synthetic checklist (--taxa N, --seed N, --gzip)
  diff <dir> --from V   what changed between versions V and current (--to, --format table|ndjson|csv)
  export <dir>          every taxon a filter matches, to stdout (--version, --filter, --format, --selected-fields)
  mappings              write mappings/*.json (index bodies) from the schemas
  elasticsearch         run a local single-node Elasticsearch on 127.0.0.1 (--port N, --dir D, --heap S)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(`taxa: unknown command '${command}'\n${USAGE}`);
    return 2;
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  },
);
