import { writeFile } from 'node:fs/promises';
import { INDEX_KINDS } from '../index/engine.ts';
import { buildChangesIndexBody } from '../index/mappings/changes-mapping.ts';
import { buildNamesIndexBody } from '../index/mappings/names-mapping.ts';
import { MAPPING_FILES } from '../index/mappings/files.ts';
import { buildTaxaIndexBody } from '../index/mappings/taxa-mapping.ts';

const BUILDERS = { taxa: buildTaxaIndexBody, names: buildNamesIndexBody, changes: buildChangesIndexBody };

export function mappingText(kind: keyof typeof MAPPING_FILES = 'taxa'): string {
  return `${JSON.stringify(BUILDERS[kind](), null, 2)}\n`;
}

/** `taxa mappings`: writes mappings/*.json from the schemas. */
export async function runMappings(): Promise<number> {
  for (const kind of INDEX_KINDS) {
    await writeFile(MAPPING_FILES[kind], mappingText(kind));
    process.stdout.write(`wrote ${MAPPING_FILES[kind].pathname}\n`);
  }
  return 0;
}
