import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../../../src/index/embedded/sets/bitset.ts';
import {
  asBitset,
  DocList,
  filterByBits,
  filterBySorted,
  gallop,
  lowerBound,
  mergeSorted,
} from '../../../src/index/embedded/sets/doc-set.ts';
import { Scratch } from '../../../src/index/embedded/sets/scratch.ts';

const sortedArb = (max: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max }), { maxLength: 120 }).map((docs) => Uint32Array.from(docs).sort());

describe('sorted list kernels', () => {
  it('find lower bounds by binary search and by galloping', () => {
    fc.assert(
      fc.property(sortedArb(300), fc.integer({ min: 0, max: 310 }), fc.nat(), (docs, target, start) => {
        const from = docs.length === 0 ? 0 : start % (docs.length + 1);
        const expected = from + docs.subarray(from).findIndex((doc) => doc >= target);
        const position = expected < from ? docs.length : expected;
        expect(lowerBound(docs, from, docs.length, target)).toBe(position);
        expect(gallop(docs, from, docs.length, target)).toBe(position);
      }),
    );
  });

  it('keep or drop the candidates in a sorted list or a bitset, in place or not', () => {
    fc.assert(
      fc.property(sortedArb(200), sortedArb(200), fc.boolean(), fc.boolean(), (cands, docs, keep, inPlace) => {
        const expected = Array.from(cands).filter((doc) => docs.includes(doc) === keep);
        const run = (filter: (input: Uint32Array, out: Uint32Array) => number) => {
          const input = cands.slice();
          const out = inPlace ? input : new Uint32Array(input.length);
          return Array.from(out.subarray(0, filter(input, out)));
        };
        const padded = new Uint32Array([7, ...docs, 999]).subarray(1, docs.length + 1);
        expect(run((input, out) => filterBySorted(input, input.length, out, keep, padded, 0, padded.length))).toEqual(
          expected,
        );
        const shifted = new Uint32Array([0, ...docs]);
        expect(run((input, out) => filterBySorted(input, input.length, out, keep, shifted, 1, shifted.length))).toEqual(
          expected,
        );
        expect(run((input, out) => filterByBits(input, input.length, out, keep, Bitset.of(1000, docs)))).toEqual(
          expected,
        );
      }),
    );
  });

  it('merge sorted ranges of lists into their union', () => {
    fc.assert(
      fc.property(sortedArb(200), sortedArb(200), (a, b) => {
        const out = new Uint32Array(a.length + b.length + 2);
        const end = mergeSorted(Uint32Array.of(9, ...a), 1, a.length + 1, Uint32Array.of(...b, 9), 0, b.length, out, 2);
        expect(Array.from(out.subarray(2, end))).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
      }),
    );
  });

  it('read a list like the bitset of its members', () => {
    fc.assert(
      fc.property(sortedArb(100), fc.integer({ min: 0, max: 110 }), (docs, probe) => {
        const list = new DocList(101, docs);
        const bits = Bitset.of(101, docs);
        expect([list.count(), list.has(probe), list.next(probe), list.nth(probe)]).toEqual([
          bits.count(),
          probe < 101 && bits.has(probe),
          bits.next(probe),
          bits.nth(probe),
        ]);
        expect(list.countAnd(Bitset.of(101, [probe % 101]))).toBe(bits.countAnd(Bitset.of(101, [probe % 101])));
        expect(Array.from(asBitset(list).toArray())).toEqual(Array.from(docs));
      }),
    );
  });
});

describe('Scratch', () => {
  it('hands out empty bitsets and lists nobody else holds until released', () => {
    const scratch = new Scratch(100);
    const first = scratch.bitset().add(3);
    const second = scratch.bitset();
    expect(second).not.toBe(first);
    expect(second.isEmpty()).toBe(true);
    const list = scratch.list(10);
    expect(scratch.list(10)).not.toBe(list);
    scratch.release();
    expect(scratch.bitset().isEmpty()).toBe(true);
    expect(scratch.copyOf(Bitset.of(100, [5])).toArray()).toEqual(Uint32Array.from([5]));
    expect(scratch.list(5000).length).toBeGreaterThanOrEqual(5000);
  });
});
