/**
 * Numbers kept from version to version (`StableNumbering`): each version's numbers increase in
 * its order, and a key whose place among the others did not change keeps its number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StableNumbering } from '../../loaders/stable-numbering.ts';

const increasing = (numbers: number[]) => numbers.every((n, i) => i === 0 || n > numbers[i - 1]!);

/** A version: the keys of the one before with some dropped, some added, and a few moved. */
const versionsArb = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }), {
  minLength: 1,
  maxLength: 7,
});

describe('numbers kept from version to version', () => {
  it('increase in each version’s order, whatever the versions', () => {
    fc.assert(
      fc.property(versionsArb, fc.boolean(), (versions, spread) => {
        const numbering = new StableNumbering(1, spread);
        for (const keys of versions) {
          const numbers = numbering.assign(keys.map(String));
          expect(numbers).toHaveLength(keys.length);
          expect(increasing(numbers)).toBe(true);
          expect(numbers.every((n) => Number.isInteger(n) && n >= 1 && n < 2 ** 31)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keep the numbers of keys whose order stayed, when keys are inserted and removed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 }),
        fc.uniqueArray(fc.integer({ min: 1001, max: 1100 }), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (keys, added, places) => {
          const numbering = new StableNumbering(1, true);
          const first = numbering.assign(keys.map(String));
          const next = keys.filter((_, i) => i % 7 !== 3).map(String);
          for (const [i, key] of added.entries()) next.splice((places[i] ?? 0) % (next.length + 1), 0, String(key));
          const second = numbering.assign(next);
          expect(increasing(second)).toBe(true);
          const before = new Map(keys.map((key, i) => [String(key), first[i]]));
          next.forEach((key, i) => {
            if (before.has(key)) expect(second[i], key).toBe(before.get(key));
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('make room for more new places than a gap holds by renumbering the neighbours, not the version', () => {
    const numbering = new StableNumbering(1, true);
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    const first = numbering.assign(keys);
    const inserted = Array.from({ length: 3000 }, (_, i) => `n${i}`);
    const next = [...keys.slice(0, 50), ...inserted, ...keys.slice(50)];
    const second = numbering.assign(next);
    expect(increasing(second)).toBe(true);
    expect(second.every((n) => Number.isInteger(n))).toBe(true);
    // far from the insertion, the numbers stay
    expect(second.slice(0, 45)).toEqual(first.slice(0, 45));
    expect(second.slice(-45)).toEqual(first.slice(-45));
  });

  it('number one version, or several without spreading, as positions', () => {
    expect(new StableNumbering(1, false).assign(['a', 'b', 'c'])).toEqual([1, 2, 3]);
    const numbering = new StableNumbering(0, false);
    numbering.assign(['a', 'b']);
    expect(numbering.assign(['c', 'a', 'b'])).toEqual([0, 1, 2]);
  });
});
