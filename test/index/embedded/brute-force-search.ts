/**
 * A reference search: filter every document, sort them all, slice, aggregate by counting.
 * Slow and simple on purpose; the property tests compare the engine with it.
 */
import type { estypes } from '@elastic/elasticsearch';
import { checkScoring, matches, NeedsBm25, score, type Query } from './brute-force-query.ts';
import { compareKeys, indexed, type Doc, type Fields, type Key } from './brute-force-values.ts';
import { filterSourcePlain } from './brute-force-source.ts';

type Body = Record<string, unknown>;
interface Match {
  doc: Doc;
  number: number;
  score: number;
}
interface SortKey {
  field: string;
  order: 'asc' | 'desc';
  missing?: unknown;
}

export type BruteAnswer = { refused: string } | { response: Body };

export function bruteSearch(docs: Doc[], fields: Fields, body: Body): BruteAnswer {
  const sort = sortKeys(body['sort']);
  const size = (body['size'] as number | undefined) ?? 10;
  const relevance =
    sort.length === 0 || (sort.length === 1 && sort[0]!.field === '_score' && sort[0]!.order === 'desc');
  const scoresNeeded = size > 0 && (relevance || sort.some((key) => key.field === '_score'));
  const query = (body['query'] as Query | undefined) ?? { match_all: {} };
  try {
    checkScoring(query, scoresNeeded);
  } catch (error) {
    if (error instanceof NeedsBm25) return { refused: 'scoring leaf' };
    throw error;
  }
  const matched: Match[] = [];
  docs.forEach((doc, number) => {
    if (matches(query, doc, fields)) matched.push({ doc, number, score: scoresNeeded ? score(query, doc, fields) : 0 });
  });
  matched.sort((a, b) => compareMatches(a, b, relevance ? [{ field: '_score', order: 'desc' }] : sort, fields));
  const from = (body['from'] as number | undefined) ?? 0;
  const hits = matched.slice(from, from + size).map((m) => hit(m, body, sort, relevance, fields));
  const response: Body = {
    hits: {
      ...totalOf(matched.length, body['track_total_hits']),
      max_score: relevance && size > 0 && matched.length > 0 ? matched[0]!.score : null,
      hits,
    },
  };
  const aggs = body['aggs'] as Body | undefined;
  if (aggs !== undefined && Object.keys(aggs).length > 0)
    response['aggregations'] = aggregate(
      aggs,
      matched.map((m) => m.doc),
      fields,
    );
  return { response };
}

function sortKeys(value: unknown): SortKey[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((item): SortKey[] => {
    if (typeof item === 'string') return [{ field: item, order: item === '_score' ? 'desc' : 'asc' }];
    return Object.entries(item as Body).map(([field, spec]) => {
      const options = (typeof spec === 'string' ? { order: spec } : spec) as Body;
      const order = (options['order'] as 'asc' | 'desc' | undefined) ?? (field === '_score' ? 'desc' : 'asc');
      return { field, order, missing: options['missing'] };
    });
  });
}

/** The value a key sorts a match by; `undefined` when it has none. */
function sortValue(match: Match, key: SortKey, fields: Fields): Key | undefined {
  if (key.field === '_score') return match.score;
  if (key.field === '_doc') return match.number;
  const spec = fields[key.field];
  if (spec === undefined) return undefined;
  const values = indexed(match.doc, key.field, spec).sort(compareKeys);
  return key.order === 'desc' ? values.at(-1) : values[0];
}

function compareMatches(a: Match, b: Match, keys: SortKey[], fields: Fields): number {
  for (const key of keys) {
    const x = sortValue(a, key, fields);
    const y = sortValue(b, key, fields);
    if (x === undefined || y === undefined) {
      if (x === y) continue;
      const missingFirst = key.missing === '_first';
      return (x === undefined) === missingFirst ? -1 : 1;
    }
    const c = compareKeys(x, y);
    if (c !== 0) return key.order === 'asc' ? c : -c;
  }
  return a.number - b.number;
}

function hit(m: Match, body: Body, sort: SortKey[], relevance: boolean, fields: Fields): Body {
  const result: Body = { _index: '', _id: m.doc['id'], _score: relevance ? m.score : null };
  if (body['_source'] !== false) result['_source'] = filterSourcePlain(m.doc, body['_source']);
  if (!relevance) result['sort'] = sort.map((key) => sortValue(m, key, fields) ?? null);
  return result;
}

function totalOf(total: number, track: unknown): Body {
  if (track === false) return {};
  const limit = track === true ? Infinity : 10_000;
  return { total: total > limit ? { value: limit, relation: 'gte' } : { value: total, relation: 'eq' } };
}

function aggregate(aggs: Body, matched: Doc[], fields: Fields): Record<string, estypes.AggregationsAggregate> {
  const result: Record<string, estypes.AggregationsAggregate> = {};
  for (const [name, container] of Object.entries(aggs))
    result[name] = termsAggregation(container as Body, matched, fields);
  return result;
}

/** Counts documents per key; the `size` most frequent (then smallest key) are buckets, the rest other. */
function termsAggregation(container: Body, matched: Doc[], fields: Fields): estypes.AggregationsStringTermsAggregate {
  const options = container['terms'] as Body;
  const field = options['field'] as string;
  const spec = fields[field];
  const size = (options['size'] as number | undefined) ?? 10;
  const keysOf = (doc: Doc): Key[] => (spec === undefined ? [] : indexed(doc, field, spec));
  const counts = new Map<Key, number>();
  for (const doc of matched) for (const key of keysOf(doc)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const candidates = [...counts].sort(([ka, ca], [kb, cb]) => cb - ca || compareKeys(ka, kb));
  const sum = (entries: [Key, number][]) => entries.reduce((total, [, count]) => total + count, 0);
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: sum(candidates.slice(size)),
    buckets: candidates.slice(0, size).map(([key, count]) => {
      const bucket: estypes.AggregationsStringTermsBucket =
        spec?.type === 'boolean'
          ? { key, key_as_string: key === 1 ? 'true' : 'false', doc_count: count }
          : { key, doc_count: count };
      const sub = (container['aggs'] as Body | undefined) ?? {};
      const inBucket = matched.filter((doc) => keysOf(doc).includes(key));
      return { ...bucket, ...aggregate(sub, inBucket, fields) };
    }),
  };
}
