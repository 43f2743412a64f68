/** The behaviour suite on the embedded engine run in its own thread, as `taxa serve` runs it. */
import { createApp } from '../../src/http/app.ts';
import { createWorkerEngine } from '../../src/runtime/worker-engine.ts';
import { FIXTURE_DIR } from '../helpers/data-dir.ts';
import { defineBehaviourSuite } from './suite.ts';

defineBehaviourSuite('embedded, in an engine thread', async () => {
  const engine = createWorkerEngine();
  await engine.load(FIXTURE_DIR);
  const app = await createApp({ engine, checkAnswers: true });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await engine.close();
    },
  };
});
