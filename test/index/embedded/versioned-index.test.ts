/**
 * An index several versions share (`DocumentIndex.buildVersions`): each version's view must answer
 * every request as an index of that version's documents alone does, whatever the versions share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentIndex } from '../../../src/index/embedded/document-index.ts';
import type { VersionedDocument, VersionedDocuments } from '../../../src/index/engine.ts';
import { bodyArb, docArb, propertyCatalog } from './arbitraries.ts';
import { untyped } from './fixtures.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/**
 * `num` is the per-version field: every document has one, its value the version's own, distinct
 * within a version. A view breaks ties in the shared index's order, not in its version's (which
 * an index of the version alone follows): requests here end their sort with `num`, as the name
 * search ends its own with `nameOrder`, so that no two documents tie.
 */
const VERSION_FIELDS = ['num'];

type Doc = Record<string, unknown>;

/**
 * A pool of documents, and per version which of them it has (in its own order), which of those it
 * changes (a new object under the same id) and its values of `num`.
 */
const versionsArb = fc.array(docArb, { minLength: 1, maxLength: 25 }).chain((pool) =>
  fc.record({
    pool: fc.constant(pool.map((doc, i) => ({ id: `d${i}`, ...doc, num: 0 }) as Doc)),
    versions: fc.array(
      fc
        .subarray(
          pool.map((_, i) => i),
          { minLength: 0 },
        )
        .chain((members) =>
          fc.record({
            members: fc.shuffledSubarray(members, { minLength: members.length }),
            changed: fc.array(fc.boolean(), { minLength: members.length, maxLength: members.length }),
            values: fc.shuffledSubarray(
              members.map((_, n) => n),
              { minLength: members.length },
            ),
          }),
        ),
      { minLength: 1, maxLength: 4 },
    ),
  }),
);

type Versions = typeof versionsArb extends fc.Arbitrary<infer V> ? V : never;

/** `keyed`: each shared document comes with its `key`, a number of its own (in the order first seen). */
function versionedOf({ pool, versions }: Versions, keyed = false): { data: VersionedDocuments; whole: Doc[][] } {
  const whole: Doc[][] = [];
  const keys = new Map<Doc, number>();
  const keyOf = (doc: Doc) => keys.get(doc) ?? keys.set(doc, keys.size).get(doc)!;
  // A shared document holds the values of the version it is first read in.
  const read = new Set<Doc>();
  const firstRead = (doc: Doc, num: number) => {
    if (!read.has(doc)) doc.num = num;
    read.add(doc);
    return doc;
  };
  const data: VersionedDocuments = {
    versionFields: VERSION_FIELDS,
    versions: versions.map(({ members, changed, values }, v) => {
      const documents: VersionedDocument[] = members.map((i, n) => {
        const shared = firstRead(changed[n] ? { ...pool[i]!, note: `v${v}` } : pool[i]!, values[n]!);
        return { shared, values: [values[n]!], ...(keyed ? { key: keyOf(shared) } : {}) };
      });
      whole.push(documents.map(({ shared, values: [num] }) => ({ ...shared, num })));
      return { id: `v${v}`, documents };
    }),
  };
  return { data, whole };
}

const sourceArb = fc.constantFrom(undefined, ['num', 'kw'], { excludes: ['num'] }, { excludes: ['kw'] }, 'n*');

/** The sort, or relevance, then `num`: no ties, and no `_doc` (a view's documents are numbered among all versions'). */
function totalOrder(sort: unknown): unknown[] {
  const keys = sort === undefined ? ['_score'] : Array.isArray(sort) ? sort : [sort];
  return [...keys.filter((key) => !JSON.stringify(key).includes('"_doc"') && key !== '_doc'), { num: 'asc' }];
}

function answer(index: DocumentIndex<object>, body: Doc): unknown {
  try {
    const { took, ...response } = index.search(untyped(body));
    return response;
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

describe('versions sharing one index', () => {
  it('answer each version as an index of its documents alone', () => {
    fc.assert(
      fc.property(
        versionsArb,
        fc.array(fc.tuple(bodyArb, sourceArb), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (versions, bodies, keyed) => {
          const { data, whole } = versionedOf(versions, keyed);
          const options = { fields: propertyCatalog, idField: 'id', name: 'i' };
          const { views } = DocumentIndex.buildVersions(data, options);
          for (const [v, docs] of whole.entries()) {
            const alone = DocumentIndex.build(docs, options);
            const { view } = views.get(`v${v}`)!;
            expect(view.size).toBe(alone.size);
            for (const [body, source] of bodies) {
              const asked = {
                ...body,
                sort: totalOrder(body.sort),
                ...(source === undefined ? {} : { _source: source }),
              };
              expect(answer(view, asked)).toEqual(answer(alone, asked));
              // again: from the query cache
              expect(answer(view, asked)).toEqual(answer(alone, asked));
            }
            for (const doc of docs) expect(view.get(doc.id as string)).toEqual(alone.get(doc.id as string));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('holds a document once however many versions have it', () => {
    const shared = { id: 'a', kw: 'x', num: 1 };
    const changed = { id: 'a', kw: 'y', num: 1 };
    const data: VersionedDocuments = {
      versionFields: VERSION_FIELDS,
      versions: [
        { id: 'one', documents: [{ shared, values: [1] }] },
        { id: 'two', documents: [{ shared, values: [2] }] },
        { id: 'three', documents: [{ shared: changed, values: [3] }] },
      ],
    };
    const { shared: index, views } = DocumentIndex.buildVersions(data, { fields: propertyCatalog, idField: 'id' });
    expect(index.size).toBe(2);
    expect([...views.values()].map(({ view }) => view.get('a'))).toEqual([
      { id: 'a', kw: 'x', num: 1 },
      { id: 'a', kw: 'x', num: 2 },
      { id: 'a', kw: 'y', num: 3 },
    ]);
  });
});
