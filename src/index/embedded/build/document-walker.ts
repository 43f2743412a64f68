/**
 * Feeds a document's values to per-field sinks in one walk, as Elasticsearch reads a source:
 * arrays anywhere on the way are flattened (object arrays are not `nested`), `null` is no value,
 * and a key may itself hold dots (`{"a.b": 1}` is the field `a.b`, like `{"a": {"b": 1}}`).
 * Only keys on the way to a catalogued field are visited.
 */
import { isRecord } from '../primitives/json.ts';

/** Receives the leaf values (never arrays, never null) of one field. */
export interface ValueSink {
  add(doc: number, value: unknown): void;
}

class PathNode {
  readonly children = new Map<string, PathNode>();
  sink: ValueSink | undefined;

  descend(key: string): PathNode | undefined {
    const child = this.children.get(key);
    if (child !== undefined || !key.includes('.')) return child;
    let node: PathNode | undefined = this;
    for (const segment of key.split('.')) node = node?.children.get(segment);
    return node;
  }
}

export class DocumentWalker {
  private readonly root = new PathNode();

  /** `sinks`: per dotted field path, where its values go. */
  constructor(sinks: ReadonlyMap<string, ValueSink>) {
    for (const [path, sink] of sinks) {
      let node = this.root;
      for (const segment of path.split('.')) {
        let child = node.children.get(segment);
        if (child === undefined) node.children.set(segment, (child = new PathNode()));
        node = child;
      }
      node.sink = sink;
    }
  }

  /** Feeds every catalogued value of `source`, the document numbered `doc`. */
  index(doc: number, source: object): void {
    if (isRecord(source)) this.walkObject(this.root, source, doc);
  }

  private walkObject(node: PathNode, object: Record<string, unknown>, doc: number): void {
    // JSON values have no inherited enumerable keys: `for…in` lists the own ones.
    for (const key in object) {
      const child = node.descend(key);
      if (child !== undefined) this.walkValue(child, object[key], doc);
    }
  }

  private walkValue(node: PathNode, value: unknown, doc: number): void {
    if (typeof value !== 'object') {
      if (value !== undefined) node.sink?.add(doc, value);
    } else if (Array.isArray(value)) {
      const sink = node.sink;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'string' && sink !== undefined) sink.add(doc, item);
        else this.walkValue(node, item, doc);
      }
    } else if (value !== null) {
      if (node.children.size > 0) this.walkObject(node, value as Record<string, unknown>, doc);
      else node.sink?.add(doc, value);
    }
  }
}
