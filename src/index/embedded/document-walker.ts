/**
 * Feeds a document's values to the field builders in one walk, as Elasticsearch reads a source:
 * arrays anywhere on the way are flattened (object arrays are not `nested`), `null` is no value,
 * and a key may itself hold dots (`{"a.b": 1}` is the field `a.b`, like `{"a": {"b": 1}}`).
 * Only keys on the way to a catalogued field are visited.
 */
import type { FieldIndexBuilder } from './field-index-builder.ts';
import { isRecord } from './json.ts';

class PathNode {
  readonly children = new Map<string, PathNode>();
  builder: FieldIndexBuilder | undefined;

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

  constructor(builders: readonly FieldIndexBuilder[]) {
    for (const builder of builders) {
      let node = this.root;
      for (const segment of builder.name.split('.')) {
        let child = node.children.get(segment);
        if (child === undefined) node.children.set(segment, (child = new PathNode()));
        node = child;
      }
      node.builder = builder;
    }
  }

  /** Indexes every catalogued value of `source`, the document numbered `doc`. */
  index(doc: number, source: object): void {
    if (isRecord(source)) this.walkObject(this.root, source, doc);
  }

  private walkObject(node: PathNode, object: Record<string, unknown>, doc: number): void {
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const child = node.descend(key);
      if (child !== undefined) this.walkValue(child, object[key], doc);
    }
  }

  private walkValue(node: PathNode, value: unknown, doc: number): void {
    if (Array.isArray(value)) {
      for (const item of value) this.walkValue(node, item, doc);
    } else if (isRecord(value)) {
      if (node.children.size > 0) this.walkObject(node, value, doc);
      else node.builder?.add(doc, value);
    } else if (value !== null && value !== undefined) {
      node.builder?.add(doc, value);
    }
  }
}
