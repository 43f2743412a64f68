import { writeFile } from 'node:fs/promises';
import { buildTaxaIndexBody } from '../index/mappings/taxa-mapping.ts';

export const MAPPING_FILES = { taxa: new URL('../../mappings/taxa.json', import.meta.url) };

export function mappingText(): string {
  return `${JSON.stringify(buildTaxaIndexBody(), null, 2)}\n`;
}

/** `taxa mappings`: writes mappings/taxa.json from the taxon schema. */
export async function runMappings(): Promise<number> {
  await writeFile(MAPPING_FILES.taxa, mappingText());
  process.stdout.write(`wrote ${MAPPING_FILES.taxa.pathname}\n`);
  return 0;
}
