/**
 * The worker thread of `DerivedFieldBuild`: loads the derivation, derives and indexes the fields
 * of each batch of inputs as it comes, and at the end hands the built fields over (their posting
 * lists moved, not copied). Every failure is answered, never thrown: the build waits for an answer.
 */
import { workerData } from 'node:worker_threads';
import {
  ANSWERED,
  BATCHES,
  DerivedFieldBuilders,
  fieldData,
  STARTED,
  unpacked,
  type DeriveValues,
  type InputBatch,
  type WorkerAnswer,
  type WorkerData,
} from './derived-fields.ts';

const { module, exportName, fields, flags, port } = workerData as WorkerData;

function answer(message: WorkerAnswer, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
  Atomics.store(flags, ANSWERED, 1);
  Atomics.notify(flags, ANSWERED);
  port.close();
}

let builders: DerivedFieldBuilders | undefined;
let failure: string | undefined;
try {
  const make = (await import(module))[exportName] as () => DeriveValues;
  builders = new DerivedFieldBuilders(fields, make());
} catch (error) {
  failure = `cannot load the derivation ${module}: ${(error as Error).message}`;
}
Atomics.store(flags, STARTED, 1);
Atomics.notify(flags, STARTED);

port.on('message', (message: InputBatch | { end: number }) => {
  if (failure !== undefined && !('end' in message)) return;
  try {
    if ('text' in message) {
      for (const input of unpacked(message)) builders!.add(input);
      Atomics.add(flags, BATCHES, 1);
      return;
    }
    if (failure !== undefined) return answer({ error: failure });
    const built = builders!.build(message.end).map(fieldData);
    answer(
      { fields: built },
      built.flatMap((field) => [field.postingStart.buffer, field.postingDocs.buffer] as ArrayBuffer[]),
    );
  } catch (error) {
    failure = (error as Error).message;
    if (!Array.isArray(message)) answer({ error: failure });
  }
});
