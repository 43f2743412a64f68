import { buildTestApp } from '../helpers/app.ts';
import { defineBehaviourSuite } from './suite.ts';

defineBehaviourSuite('embedded', async () => {
  const { app, engine } = await buildTestApp();
  return {
    app,
    close: async () => {
      await app.close();
      await engine.close();
    },
  };
});
