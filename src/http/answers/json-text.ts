/**
 * Large JSON answers written piece by piece (docs/running.md, "Abuse and failures"): the text of
 * an answer that can hold thousands of taxa is made as it is sent, a slice at a time, and the
 * event loop turns between slices, so that building one client's answer never holds the thread
 * that answers everyone. The stream is read as the client reads (backpressure), so a slice is
 * made only when the last one has left.
 */
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

/** The length (UTF-16 code units) of text gathered before a slice is sent and the loop turns. */
export const SLICE_LENGTH = 64 * 1024;

/** `pieces` gathered into slices of about `SLICE_LENGTH`, the event loop turned after each. */
export async function* textSlices(pieces: Iterable<string>): AsyncGenerator<string, void, undefined> {
  let slice = '';
  for (const piece of pieces) {
    slice += piece;
    if (slice.length < SLICE_LENGTH) continue;
    yield slice;
    slice = '';
    await turn();
  }
  if (slice !== '') yield slice;
}

/** The content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Answers with the JSON text `pieces` make, sent slice by slice. */
export function sendJsonPieces(reply: FastifyReply, pieces: Iterable<string>): FastifyReply {
  return reply.type(JSON_TYPE).send(Readable.from(textSlices(pieces), { objectMode: false }));
}
