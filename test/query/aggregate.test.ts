/** `aggregateBy` read, refused at its place and bounded before any work; buckets turned into rows. */
import { describe, expect, it } from 'vitest';
import {
  AGGREGATION_LIMITS,
  aggregateRows,
  aggregationRequest,
  checkAggregationLimits,
  parseAggregateBy,
  worstCaseBuckets,
  type AggregationSpec,
} from '../../src/query/aggregate.ts';
import { refusalOf } from '../helpers/refusal.ts';

const specs = (n: number, depth = 1): AggregationSpec[] =>
  Array.from({ length: n }, (_, i) => ({ name: `a${i}`, fields: Array.from({ length: depth }, () => 'parents') }));

describe('parseAggregateBy', () => {
  it('names an aggregation by its field list as written, or by the trimmed name after =', () => {
    expect(parseAggregateBy(' taxonRank, finnish ; informalTaxonGroups = groups ;')).toEqual([
      { name: 'taxonRank, finnish', fields: ['taxonRank', 'finnish'] },
      { name: 'groups', fields: ['informalTaxonGroups'] },
    ]);
  });

  it('refuses every malformed, unknown or repeated part at once, at the parameter', () => {
    const error = refusalOf(() =>
      parseAggregateBy('taxonRank=a=b;finnish,,species;colour,size;id=;taxonRank;taxonRank'),
    );
    expect(error.errorCode).toBe('VALIDATION_EXCEPTION');
    const problems = [
      "malformed aggregation 'taxonRank=a=b'",
      "malformed aggregation 'finnish,,species'",
      "unknown field(s) 'colour', 'size'",
      "malformed aggregation 'id='",
      'aggregation names must be unique',
    ];
    expect(error.message).toBe(`aggregateBy: ${problems.join('; ')}`);
    expect(error.issues).toEqual(problems.map((message) => ({ at: { parameter: 'aggregateBy' }, message })));
  });

  it('refuses an empty list', () => {
    for (const value of ['', ' ; ;'])
      expect(refusalOf(() => parseAggregateBy(value)).message).toBe('aggregateBy: at least one field is required');
    expect(refusalOf(() => parseAggregateBy('colour')).message).toBe("aggregateBy: unknown field(s) 'colour'");
    expect(refusalOf(() => parseAggregateBy('id=  ')).message).toBe("aggregateBy: malformed aggregation 'id='");
  });
});

describe('the bounds of one request', () => {
  it('counts the worst case: every level of every aggregation full', () => {
    expect(worstCaseBuckets(specs(1, 2), 10)).toBe(10 + 100);
    expect(worstCaseBuckets([...specs(2, 1), ...specs(1, 3)], 3)).toBe(3 + 3 + (3 + 9 + 27));
    expect(worstCaseBuckets([], 10)).toBe(0);
  });

  it('takes requests up to each limit', () => {
    const { maxSize, maxAggregations, maxDepth, maxBuckets } = AGGREGATION_LIMITS;
    expect(() => checkAggregationLimits(specs(1), maxSize)).not.toThrow();
    expect(() => checkAggregationLimits(specs(maxAggregations), 10)).not.toThrow();
    expect(() => checkAggregationLimits(specs(1, maxDepth), 2)).not.toThrow();
    expect(maxBuckets).toBe(16 * 4096);
    expect(() => checkAggregationLimits(specs(16), 4096)).not.toThrow();
  });

  it('refuses each limit passed with a 400 naming the parameter and the limit', () => {
    const cases: [() => void, string, string][] = [
      [() => checkAggregationLimits(specs(1), 10_001), 'aggregateSize', 'at most 10000 (got 10001)'],
      [() => checkAggregationLimits(specs(21), 10), 'aggregateBy', 'at most 20 aggregations in one request (got 21)'],
      [
        () => checkAggregationLimits([...specs(1), ...specs(1, 6)], 2),
        'aggregateBy',
        'at most 5 nested fields in one aggregation (got 6)',
      ],
      [
        () => checkAggregationLimits(specs(17), 4096),
        'aggregateBy',
        'with aggregateSize 4096 these aggregations can make 69,632 buckets; at most 65,536 are allowed ' +
          '(nest fewer fields or lower aggregateSize)',
      ],
    ];
    for (const [run, parameter, message] of cases) {
      const error = refusalOf(run);
      expect(error.errorCode).toBe('BAD_REQUEST');
      expect(error.message).toBe(`${parameter}: ${message}`);
      expect(error.issues).toEqual([{ at: { parameter }, message }]);
    }
  });

  it('reads and bounds aggregateBy and aggregateSize together', () => {
    expect(aggregationRequest('parents,parents', 10)).toEqual([
      { name: 'parents,parents', fields: ['parents', 'parents'] },
    ]);
    expect(refusalOf(() => aggregationRequest('parents,parents', 300)).message).toMatch(/can make 90,300 buckets/);
  });
});

describe('aggregateRows', () => {
  it('answers an aggregation without buckets, or without an answer, as one row of count 0', () => {
    const [spec] = parseAggregateBy('taxonRank,finnish');
    expect(aggregateRows([spec!], { 'taxonRank,finnish': { buckets: [] } })).toEqual({
      'taxonRank,finnish': [{ values: {}, count: 0 }],
    });
    expect(aggregateRows([spec!], undefined)).toEqual({ 'taxonRank,finnish': [{ values: {}, count: 0 }] });
  });
});
