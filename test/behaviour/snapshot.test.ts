/**
 * The behaviour suite on an engine thread that opened its data from a snapshot (written by a load
 * of the same directory before), not from the data files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/http/app.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { snapshotEngine } from '../helpers/snapshot-engine.ts';
import { defineBehaviourSuite } from './suite.ts';

defineBehaviourSuite('embedded, opened from a snapshot', async () => {
  const snapshots = await mkdtemp(join(tmpdir(), 'taxa-snapshots-'));
  const writer = snapshotEngine(snapshots);
  await writer.engine.load(FIXTURE_DIR);
  await writer.reported('written');
  await writer.engine.close();
  const reader = snapshotEngine(snapshots);
  await reader.engine.load(FIXTURE_DIR);
  if (reader.phases[0]?.action !== 'opened')
    throw new Error(`the snapshot was not opened: ${JSON.stringify(reader.phases)}`);
  const app = await createApp({ engine: reader.engine, checkAnswers: true });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await reader.engine.close();
      await rm(snapshots, { recursive: true, force: true });
    },
  };
});
