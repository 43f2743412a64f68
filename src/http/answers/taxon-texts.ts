/**
 * Pages of taxa serialised from the kept JSON texts of their taxa. A taxon's text depends only on
 * its document, the answer language and the field selection, while shaping and serialising a
 * page of full taxa costs several times its search: so each text is kept once written, and a
 * page is its envelope around the texts of its taxa, the same bytes `JSON.stringify` would give.
 *
 * A text belongs to the data it came from, like whole answers (`response-cache.ts`):
 * the texts are kept under the catalog read before the search, and used only when the catalog
 * is still the same after it. The embedded engines swap catalog and documents together, so a
 * text kept is always that of the document served. The Elasticsearch engine may go on handing
 * out the same catalog for a while after a reload, so with it nothing is kept.
 */
import type { SearchEngine } from '../../index/engine.ts';
import type { Catalog } from '../../taxon/catalog.ts';
import type { FieldSelection } from '../../query/source.ts';
import type { Page } from '../../service/page.ts';
import type { PageSearch } from '../../service/taxa-service.ts';
import { createResponseCache } from './response-cache.ts';
import { SerialisedAnswer } from '../route-schema.ts';
import { INTELLECTUAL_RIGHTS, listContext, taxonContext, taxonShaper } from './shape.ts';
import type { ResponseLanguage } from './translate.ts';

/** default bound of the kept texts, in bytes (some 6,000 full taxa) */
export const DEFAULT_TAXON_TEXTS_BYTES = 32 * 1024 * 1024;

export interface TaxonTexts {
  /** The page `search` finds, shaped and serialised (the page of a checklist version). */
  page(
    version: string,
    language: ResponseLanguage,
    fields: FieldSelection,
    search: PageSearch,
  ): Promise<SerialisedAnswer>;
}

/** @param maxBytes bound of the texts kept (with their keys), counted as UTF-16 code units × 2; 0 keeps none */
export function createTaxonTexts(engine: Pick<SearchEngine, 'kind' | 'catalog'>, maxBytes: number): TaxonTexts {
  const keeping = engine.kind === 'embedded' && maxBytes > 0;
  const texts = createResponseCache(keeping ? maxBytes : 0);
  // Each distinct version, language and selection is numbered on first sight, so that the key of
  // a text is that short number and the taxon id: a long key costs its hash on every look-up.
  // Numbers are never reused (the texts under a forgotten number are merely never asked for again).
  const prefixes = new Map<string, string>();
  let numbered = 0;
  const prefixOf = (version: string, language: ResponseLanguage, fields: FieldSelection) => {
    const long = `${version}\u0000${language}\u0000${selectionKey(fields)}`;
    let prefix = prefixes.get(long);
    if (prefix === undefined) {
      if (prefixes.size >= KEPT_PREFIXES) prefixes.clear();
      prefix = `${numbered++}\u0000`;
      prefixes.set(long, prefix);
    }
    return prefix;
  };

  /**
   * The page from kept texts: the ids of its taxa first, and their documents only when some
   * text is missing (those are written and kept). `undefined` when the data changed meanwhile.
   */
  async function keptPage(
    catalog: Catalog,
    prefix: string,
    write: (taxon: object) => string,
    search: PageSearch,
    language: ResponseLanguage,
  ): Promise<SerialisedAnswer | undefined> {
    const page = await search.ids();
    const results = page.results.map((id) => texts.get(catalog, prefix + id));
    if (results.includes(undefined)) {
      const taxa = (await search.taxa()).results;
      if (taxa.length !== results.length || (await engine.catalog()) !== catalog) return undefined;
      for (const [i, text] of results.entries()) {
        if (text !== undefined) continue;
        results[i] = write(taxa[i]!);
        texts.set(catalog, prefix + page.results[i], results[i]!);
      }
    }
    return new SerialisedAnswer(pageText(page, results as string[], language));
  }

  return {
    async page(version, language, fields, search) {
      const catalog = keeping ? await engine.catalog() : undefined;
      if (catalog !== undefined) {
        const shape = lazily(() => taxonShaper(language, fields));
        const write = (taxon: object) => JSON.stringify(shape()(taxon));
        const answer = await keptPage(catalog, prefixOf(version, language, fields), write, search, language);
        if (answer !== undefined && (await engine.catalog()) === catalog) return answer;
      }
      // Nothing kept: one `JSON.stringify` of the whole page is faster than one per taxon.
      const page = await search.taxa();
      return new SerialisedAnswer(
        JSON.stringify({
          ...page,
          results: page.results.map(taxonShaper(language, fields)),
          intellectualRights: INTELLECTUAL_RIGHTS,
          '@context': listContext(page.results.length, taxonContext(language)),
        }),
      );
    },
  };
}

/** `make()`, called on first use only. */
function lazily<V>(make: () => V): () => V {
  let made: { value: V } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Distinct versions, languages and selections numbered before the numbering starts afresh. */
const KEPT_PREFIXES = 1024;

/** What decides the fields of a taxon's text besides its document and language. */
function selectionKey(fields: FieldSelection): string {
  return JSON.stringify([
    fields.selectedFields ?? null,
    fields.includeMedia ?? false,
    fields.includeDescriptions ?? false,
    fields.includeRedListEvaluations ?? false,
  ]);
}

const EMPTY_RESULTS = '"results":[]}';
const LICENCE_TEXT = `"intellectualRights":${JSON.stringify(INTELLECTUAL_RIGHTS)}`;

/**
 * `JSON.stringify({ ...page, results, intellectualRights, '@context': … })` from the texts of the
 * results (`results` is the envelope's last key).
 */
function pageText(page: Page<unknown>, results: string[], language: ResponseLanguage): string {
  const envelope = JSON.stringify({ ...page, results: [] });
  if (!envelope.endsWith(EMPTY_RESULTS))
    throw new Error(`taxon texts: a page envelope not ending with its results: ${envelope}`);
  // The envelope less its closing `]}`, the texts, and the closing again with the licence and the context.
  const context = JSON.stringify(listContext(results.length, taxonContext(language)));
  return `${envelope.slice(0, -2)}${results.join(',')}],${LICENCE_TEXT},"@context":${context}}`;
}
