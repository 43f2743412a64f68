import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Interner, nameTokens, storedEntryKeys } from '../../src/search/name-entry.ts';
import { nameTokenDeriver, nameTokenInput } from '../../src/search/name-token-fields.ts';

// Keys of letters, spaces, the control characters the input's joined form separates by, and none.
const key = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.constantFrom('a', 'Ö', ' ', 'x'), weight: 12 },
    { arbitrary: fc.constantFrom('\u001d', '\u001e', '\u001f'), weight: 1 },
  ),
  maxLength: 6,
});
const keys = fc.array(key, { maxLength: 3 });
const entry = fc.record(
  {
    exactKeys: keys,
    foldedKeys: fc.option(keys, { nil: undefined }),
    rankText: key,
    foldedRankText: fc.option(key, { nil: undefined }),
    taxonRank: fc.constantFrom('MX.species', 'MX.genus', '', '\u001e', 'MX.\u001f'),
    observationCountFinland: fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.double(), fc.constant(Number.NaN)),
  },
  { requiredKeys: ['exactKeys', 'rankText'] },
);

describe('nameTokenInput', () => {
  it('hands the deriver what it needs to derive the tokens the entry would be given', () => {
    fc.assert(
      fc.property(entry, (generated) => {
        // Equal folded keys and text are the strict ones themselves, as `storedEntryKeys` makes them.
        const { exactKeys, rankText, taxonRank, observationCountFinland } = generated;
        const foldedKeys = generated.foldedKeys ?? exactKeys;
        const foldedRankText = generated.foldedRankText ?? rankText;
        const source = { exactKeys, foldedKeys, rankText, foldedRankText, taxonRank, observationCountFinland };
        const input = nameTokenInput(source);
        expect(input).toBeTypeOf('string');
        // As JSON would give them: a count that is not a finite number is none.
        const attributes = {
          ...(taxonRank === undefined ? {} : { taxonRank }),
          ...(Number.isFinite(observationCountFinland) ? { observationCountFinland } : {}),
        };
        const expected = nameTokens({ exactKeys, foldedKeys, rankText, foldedRankText }, attributes, new Interner());
        expect(nameTokenDeriver()(input!)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('is written without JSON for the keys names have', () => {
    const keys = storedEntryKeys('Parus major');
    const input = nameTokenInput({ ...keys, taxonRank: 'MX.species', observationCountFinland: 2632 });
    expect(input).not.toContain('[');
    const tokens = nameTokenDeriver()(input!);
    expect(tokens).toEqual(
      nameTokens(keys, { taxonRank: 'MX.species', observationCountFinland: 2632 }, new Interner()),
    );
    expect(tokens.prominenceBits).toEqual(['2', '3']);
  });

  it('writes folded keys and text equal to the strict ones, no rank and no count as empty parts', () => {
    const parus = ['PARUS MAJOR'];
    const same = { exactKeys: parus, foldedKeys: parus, rankText: 'parus major', foldedRankText: 'parus major' };
    expect(nameTokenInput({ ...same, taxonRank: 'MX.species', observationCountFinland: 2632 })).toBe(
      'PARUS MAJOR\u001e\u001eparus major\u001e\u001eMX.species\u001e2632',
    );
    const kaki = { exactKeys: ['KÄKI'], foldedKeys: ['KAKI'], rankText: 'käki', foldedRankText: 'kaki' };
    const input = nameTokenInput(kaki);
    expect(input).toBe('KÄKI\u001eKAKI\u001ekäki\u001ekaki\u001e\u001e');
    expect(nameTokenDeriver()(input!)).toMatchObject({
      rankWords: ['käki'],
      foldedRankWords: ['kaki'],
      prominenceBits: [],
    });
    const salix = ['SALIX RUBENS', 'SALIX X RUBENS'];
    expect(
      nameTokenInput({ exactKeys: salix, foldedKeys: salix, rankText: 'salix rubens', foldedRankText: 'salix rubens' }),
    ).toBe('SALIX RUBENS\u001fSALIX X RUBENS\u001e\u001esalix rubens\u001e\u001e\u001e');
  });

  it('is none for an entry without its keys', () => {
    const whole = { exactKeys: ['A'], foldedKeys: ['A'], rankText: 'a', foldedRankText: 'a' };
    expect(nameTokenInput(whole)).toBeTypeOf('string');
    for (const missing of ['exactKeys', 'foldedKeys', 'rankText', 'foldedRankText'] as const) {
      const { [missing]: _left, ...entry } = whole;
      expect(nameTokenInput(entry), missing).toBeUndefined();
      expect(nameTokenInput({ ...whole, [missing]: 7 }), missing).toBeUndefined();
    }
  });
});
