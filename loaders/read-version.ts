/**
 * Reads one checklist version file: parses and validates each line, keeping its line number so
 * every later problem (duplicate id, dangling parent, cycle) can say where it is.
 */
import type { Taxon } from '../src/taxon/schema.ts';
import { taxonProblems } from '../src/taxon/validate.ts';
import { LineError, readLines } from './ndjson.ts';
import type { DataProblem } from './problems.ts';

export interface TaxonLine {
  line: number;
  taxon: Taxon;
}

function parseLine(file: string, line: number, text: string, problems: DataProblem[]): Taxon | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push({ file, line, message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
  const messages = taxonProblems(json);
  if (messages.length === 0) return json as Taxon;
  const id = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : undefined;
  problems.push({ file, line, ...(id ? { id } : {}), message: `invalid taxon: ${messages.join('; ')}` });
  return undefined;
}

/**
 * Every valid line of the file, in file order. The parsed JSON itself is kept (the schema only
 * checks it), so fields the schema does not know are served as they are.
 */
export async function readVersionFile(
  path: string,
  file: string,
  problems: DataProblem[],
  options: { maxLineBytes?: number; onBytes?: (bytes: number) => void } = {},
): Promise<{ lines: TaxonLine[]; read: number }> {
  const lines: TaxonLine[] = [];
  let read = 0;
  try {
    for await (const { line, text } of readLines(path, options)) {
      read += 1;
      const taxon = parseLine(file, line, text, problems);
      if (taxon) lines.push({ line, taxon });
    }
  } catch (error) {
    if (error instanceof LineError) problems.push({ file, line: error.line, message: error.message });
    else problems.push({ file, message: `cannot read: ${(error as Error).message}` });
  }
  return { lines, read };
}
