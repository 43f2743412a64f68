/** Response shaping: language of values and the `*MultiLang` copies of name fields. */
import type { FastifyRequest } from 'fastify';
import type { FieldSelection } from '../query/source.ts';
import { MULTI_LANG_FIELDS } from '../query/source.ts';
import { negotiateLanguage, translate, translateByPlan, type ResponseLanguage } from './translate.ts';
import { TAXON_TRANSLATION_PLAN } from './translation-plan.ts';
import { taxonSchema } from '../taxon/schema.ts';

const KNOWN_FIELDS = new Set(Object.keys(taxonSchema.shape));

export const TAXON_CONTEXT = 'http://schema.laji.fi/context/taxon.jsonld';

export function languageOf(request: FastifyRequest): ResponseLanguage {
  return negotiateLanguage(request.headers['accept-language']);
}

/**
 * A taxon as answered: every localized value translated, and the name fields also copied
 * untranslated as `<field>MultiLang` (only those selected, when a selection is given). One pass
 * over the fields: this runs for every taxon of every page.
 */
export function shapeTaxon(taxon: object, language: ResponseLanguage, selection: FieldSelection = {}): Record<string, unknown> {
  const source = taxon as Record<string, unknown>;
  const selected = selection.selectedFields?.length ? new Set(selection.selectedFields.map((f) => f.split('.')[0]!)) : undefined;
  const out: Record<string, unknown> = {};
  for (const key in source) {
    if (selected && !selected.has(key)) continue;
    const plan = Object.hasOwn(TAXON_TRANSLATION_PLAN, key) ? TAXON_TRANSLATION_PLAN[key] : undefined;
    // Fields the schema knows without localized values inside are shared untouched.
    const value = plan !== undefined ? translateByPlan(source[key], plan, language)
      : KNOWN_FIELDS.has(key) ? source[key] : translate(source[key], language);
    if (value !== undefined) out[key] = value;
  }
  for (const field of MULTI_LANG_FIELDS) {
    const name = `${field}MultiLang`;
    if (source[field] !== undefined && (!selected || selected.has(name))) out[name] = source[field];
  }
  return out;
}

export function shapeTaxa(taxa: object[], language: ResponseLanguage, selection: FieldSelection = {}): Record<string, unknown>[] {
  return taxa.map((taxon) => shapeTaxon(taxon, language, selection));
}
