/** Temporary data directories for tests: the fixture copied, with files added or replaced. */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/checklist', import.meta.url));

const created: string[] = [];

/** A copy of the fixture (or of `source`) with `files` (name → content, `null` to delete) applied. */
export async function fixtureCopy(files: Record<string, string | null> = {}, source = FIXTURE_DIR): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'taxa-test-'));
  created.push(dir);
  await cp(source, dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    if (content === null) await rm(join(dir, name));
    else await writeFile(join(dir, name), content);
  }
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export const ndjson = (rows: object[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
