/** Response shaping: language of values and the `*MultiLang` copies of name fields. */
import type { FastifyRequest } from 'fastify';
import type { FieldSelection } from '../query/source.ts';
import { negotiateLanguage, translate, withMultiLang, type ResponseLanguage } from '../service/translate.ts';

export const TAXON_CONTEXT = 'http://schema.laji.fi/context/taxon.jsonld';

export function languageOf(request: FastifyRequest): ResponseLanguage {
  return negotiateLanguage(request.headers['accept-language']);
}

/**
 * A taxon as answered: name fields copied untranslated (only those selected, when a selection is
 * given), then every localized value translated.
 */
export function shapeTaxon(taxon: object, language: ResponseLanguage, selection: FieldSelection = {}): unknown {
  const source = taxon as Record<string, unknown>;
  let shaped = withMultiLang(source);
  if (selection.selectedFields && selection.selectedFields.length > 0) {
    const selected = new Set(selection.selectedFields.map((f) => f.split('.')[0]!));
    shaped = Object.fromEntries(Object.entries(shaped).filter(([key]) => selected.has(key)));
  }
  const multiLang = Object.fromEntries(Object.entries(shaped).filter(([key]) => key.endsWith('MultiLang')));
  const translated = translate(
    Object.fromEntries(Object.entries(shaped).filter(([key]) => !key.endsWith('MultiLang'))),
    language,
  ) as Record<string, unknown>;
  return { ...translated, ...multiLang };
}

export function shapeTaxa(taxa: object[], language: ResponseLanguage, selection: FieldSelection = {}): unknown[] {
  return taxa.map((taxon) => shapeTaxon(taxon, language, selection));
}
