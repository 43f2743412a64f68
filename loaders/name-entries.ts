/**
 * The names of a checklist version (docs/data.md, "Name entries"): one entry per name literal of each taxon, with
 * the precomputed search keys and the taxon attributes the search filters, orders and answers by.
 */
import { nameOrders } from '../src/search/entry-order.ts';
import { entryAttributesOf, entryKeys, Interner, prominenceBitsOf, type NameEntry } from '../src/search/name-entry.ts';
import { staticRank } from '../src/search/static-rank.ts';
import type { SimpleTaxon, TaxonDocument } from '../src/taxon/schema.ts';

type Literal = { name: string; nameType: string; language?: string };

const LOCALIZED_NAME_FIELDS = [
  ['vernacularName', 'MX.vernacularName'],
  ['alternativeVernacularName', 'MX.alternativeVernacularName'],
  ['obsoleteVernacularName', 'MX.obsoleteVernacularName'],
  ['colloquialVernacularName', 'MX.colloquialVernacularName'],
  ['tradeName', 'MX.tradeName'],
] as const;

const CODE_FIELDS = [
  ['birdlifeCode', 'MX.birdlifeCode'],
  ['euringCode', 'MX.euringCode'],
] as const;

/** Synonym lists and the relation each stands for. */
const SYNONYM_FIELDS = [
  ['basionyms', 'MX.hasBasionym'],
  ['synonyms', 'MX.hasSynonym'],
  ['objectiveSynonyms', 'MX.hasObjectiveSynonym'],
  ['subjectiveSynonyms', 'MX.hasSubjectiveSynonym'],
  ['homotypicSynonyms', 'MX.hasHomotypicSynonym'],
  ['heterotypicSynonyms', 'MX.hasHeterotypicSynonym'],
  ['uncertainSynonyms', 'MX.hasUncertainSynonym'],
  ['misappliedNames', 'MX.hasMisappliedName'],
  ['misspelledNames', 'MX.hasMisspelledName'],
  ['orthographicVariants', 'MX.hasOrthographicVariant'],
  ['alternativeNames', 'MX.hasAlternativeName'],
] as const;

function localizedLiterals(value: unknown, nameType: string): Literal[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([language, names]) =>
    (Array.isArray(names) ? names : [names])
      .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
      .map((name) => ({ name, nameType, language })),
  );
}

function literalsOf(taxon: TaxonDocument): Literal[] {
  const literals: Literal[] = [];
  if (taxon.scientificName) literals.push({ name: taxon.scientificName, nameType: 'MX.scientificName' });
  for (const [field, nameType] of LOCALIZED_NAME_FIELDS) literals.push(...localizedLiterals(taxon[field], nameType));
  for (const [field, nameType] of CODE_FIELDS) {
    const code = taxon[field];
    if (code) literals.push({ name: code, nameType });
  }
  for (const [field, nameType] of SYNONYM_FIELDS) {
    for (const synonym of (taxon[field] ?? []) as SimpleTaxon[]) {
      if (synonym.scientificName) literals.push({ name: synonym.scientificName, nameType });
    }
  }
  const seen = new Set<string>();
  return literals.filter((l) => {
    const key = `${l.nameType}\u0000${l.language ?? ''}\u0000${l.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every name entry of the documents of one version, taxa in taxonomic order. The entries are
 * numbered by `nameOrder` among themselves, so the whole version is derived at once.
 */
export function nameEntriesOf(docs: readonly TaxonDocument[]): NameEntry[] {
  return Array.from(nameEntries(docs));
}

/**
 * The name entries of one version, as `nameEntriesOf` lists them, derived one at a time as they
 * are read: only the literals and their order are held for the whole version, so an index built
 * from them reads each entry while it is fresh and keeps only what it stores of it.
 */
export function nameEntries(docs: readonly TaxonDocument[]): Iterable<NameEntry> {
  return {
    *[Symbol.iterator]() {
      const literals = docs.map(literalsOf);
      const orders = nameOrders(
        docs.flatMap((taxon, i) =>
          literals[i]!.map(({ name, nameType, language }) => ({ name, nameType, language, taxonId: taxon.id })),
        ),
      );
      const interner = new Interner();
      let next = 0;
      for (const [i, taxon] of docs.entries()) {
        if (literals[i]!.length === 0) continue;
        const attributes = entryAttributesOf(taxon);
        const prominenceBits = prominenceBitsOf(attributes);
        const rankInput = { finnish: attributes.finnish, species: attributes.species, taxonRank: taxon.taxonRank };
        for (const [n, literal] of literals[i]!.entries()) {
          yield {
            id: `${taxon.id}/${n}`,
            name: literal.name,
            nameType: literal.nameType,
            ...(literal.language ? { language: literal.language } : {}),
            ...entryKeys(literal.name, interner),
            ...attributes,
            staticRank: staticRank({ ...rankInput, nameType: literal.nameType }),
            prominenceBits,
            nameOrder: orders[next++]!,
          };
        }
      }
    },
  };
}
