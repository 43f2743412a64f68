// The first module of an engine thread. A worker thread does not inherit the main thread's
// TypeScript loader (tsx), so it registers it here before importing the thread's real entry,
// whose URL comes in `workerData.entry` (see worker-engine.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
