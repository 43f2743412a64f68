/**
 * The values of one dotted field path in a JSON document, read directly: the way a field that
 * was not built up front is indexed on first use. Same reading as `DocumentWalker`: arrays
 * flattened, `null` no value, keys that hold dots read as paths.
 */
import type { ValueSink } from './document-walker.ts';
import { isRecord } from '../primitives/json.ts';

export class FieldPath {
  private readonly segments: readonly string[];
  /** `keys[i][k]`: the key that spans segments `i..i+k`, e.g. `a.b` for a path `a.b.c`. */
  private readonly keys: readonly (readonly string[])[];

  constructor(readonly path: string) {
    this.segments = path.split('.');
    this.keys = this.segments.map((_, i) =>
      this.segments.slice(i).map((__, k) => this.segments.slice(i, i + k + 1).join('.')),
    );
  }

  /** Feeds each leaf value (never an array, never null) of `source`, document `doc`, to `sink`. */
  feed(source: unknown, doc: number, sink: ValueSink): void {
    this.walk(source, 0, doc, sink);
  }

  private walk(node: unknown, depth: number, doc: number, sink: ValueSink): void {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) this.walk(node[i], depth, doc, sink);
    } else if (depth === this.segments.length) {
      if (node !== null && node !== undefined) sink.add(doc, node);
    } else if (isRecord(node)) {
      const keys = this.keys[depth]!;
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!;
        if (Object.hasOwn(node, key)) this.walk(node[key], depth + k + 1, doc, sink);
      }
    }
  }
}
