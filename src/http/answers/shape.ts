/** Response shaping: language of values and the `*MultiLang` copies of name fields. */
import type { FastifyRequest } from 'fastify';
import type { FieldSelection } from '../../query/source.ts';
import { MULTI_LANG_FIELDS } from '../../query/source.ts';
import {
  negotiateLanguage,
  RESPONSE_LANGUAGES,
  translate,
  translateByPlan,
  type ResponseLanguage,
} from './translate.ts';
import { TAXON_TRANSLATION_PLAN, type TranslationPlan } from './translation-plan.ts';
import { taxonSchema } from '../../taxon/schema.ts';

const KNOWN_FIELDS = new Set(Object.keys(taxonSchema.shape));

/** The context of a taxon's descriptions and media (`/taxa/{id}/descriptions`, `/media`). */
export const TAXON_CONTEXT = 'http://schema.laji.fi/context/taxon.jsonld';

/** The context of an empty page or list, which has no item to take one from (as the real API's). */
export const GENERIC_CONTEXT = 'http://schema.laji.fi/context/generic.jsonld';

/**
 * The context of taxa answered in `language` (a taxon alone, a page or a list of them), as the
 * real API names it: its own taxon document's context, by language (docs/api.md, "Envelopes").
 */
export function taxonContext(language: ResponseLanguage): string {
  return `https://api.laji.fi/context/taxon-elastic-${language}`;
}

/**
 * The context of the catalog's objects of a kind (`informalTaxonGroup`, `iucnRedListTaxonGroup`,
 * `checklistVersion`, `checklist`) in `language`, as the real API names it: `-<lang>` before
 * `.jsonld` when one language is answered.
 */
export function schemaContext(kind: string, language: ResponseLanguage): string {
  return `http://schema.laji.fi/context/${kind}${language === 'multi' ? '' : `-${language}`}.jsonld`;
}

/** The context of a page or list of `count` items of context `context`: the generic one when it is empty. */
export function listContext(count: number, context: string): string {
  return count === 0 ? GENERIC_CONTEXT : context;
}

/**
 * The licence of an answer of taxa, on the answer object (a page, a list, a taxon alone), as the
 * real API gives it (docs/api.md, "Envelopes").
 */
export const INTELLECTUAL_RIGHTS = 'MZ.intellectualRightsCC-BY-4.0';

/** The answer language: the `lang` parameter (validated by the route's schema), else Accept-Language. */
export function languageOf(request: FastifyRequest): ResponseLanguage {
  const { lang } = (request.query ?? {}) as { lang?: unknown };
  if (RESPONSE_LANGUAGES.includes(lang as ResponseLanguage)) return lang as ResponseLanguage;
  return negotiateLanguage(request.headers['accept-language']);
}

/**
 * An object of the catalog (a group, a checklist) with only the keys `fields` names, when it names
 * some; none named: the whole object, as for taxa.
 */
export function withKeys<T extends object>(object: T, fields: readonly string[] | undefined): Partial<T> {
  if (fields === undefined || fields.length === 0) return object;
  return Object.fromEntries(Object.entries(object).filter(([key]) => fields.includes(key))) as Partial<T>;
}

/** The top-level keys a selection keeps (`parent.id` keeps `parent`), or `undefined` for all. */
function selectedKeys(selection: FieldSelection): ReadonlySet<string> | undefined {
  return selection.selectedFields?.length ? new Set(selection.selectedFields.map((f) => f.split('.')[0]!)) : undefined;
}

/**
 * How each top-level key is shaped, read once: along its translation plan, shared untouched
 * (fields the schema knows without localized values inside), or translated the generic way
 * (fields the schema does not know). One map lookup per key instead of two on every taxon.
 */
const SHAPING = new Map<string, TranslationPlan | true | 'share'>(
  [...KNOWN_FIELDS].map((key) => [
    key,
    Object.hasOwn(TAXON_TRANSLATION_PLAN, key) ? TAXON_TRANSLATION_PLAN[key]! : 'share',
  ]),
);
for (const key of Object.keys(TAXON_TRANSLATION_PLAN)) SHAPING.set(key, TAXON_TRANSLATION_PLAN[key]!);

/** `vernacularName` → `vernacularNameMultiLang`, built once. */
const MULTI_LANG_NAMES = Object.fromEntries(MULTI_LANG_FIELDS.map((field) => [field, `${field}MultiLang`])) as Record<
  (typeof MULTI_LANG_FIELDS)[number],
  string
>;

/** How the legacy interface (`/v0`) shapes taxa differently from the current one. */
export interface ShapeOptions {
  /** a value missing in the answer language falls back to another (default true) */
  fallback?: boolean;
  /** the untranslated `<field>MultiLang` copies of the name fields (default true; the legacy interface has none) */
  multiLangCopies?: boolean;
}

function shapeOne(
  source: Record<string, unknown>,
  language: ResponseLanguage,
  selected: ReadonlySet<string> | undefined,
  { fallback = true, multiLangCopies = true }: ShapeOptions = {},
) {
  const out: Record<string, unknown> = {};
  for (const key in source) {
    if (selected && !selected.has(key)) continue;
    const shaping = SHAPING.get(key);
    const value =
      shaping === 'share'
        ? source[key]
        : shaping !== undefined
          ? translateByPlan(source[key], shaping, language, fallback)
          : translate(source[key], language, fallback);
    if (value !== undefined) out[key] = value;
  }
  if (multiLangCopies) {
    for (const field of MULTI_LANG_FIELDS) {
      if (source[field] === undefined) continue;
      const name = MULTI_LANG_NAMES[field];
      if (!selected || selected.has(name)) out[name] = source[field];
    }
  }
  return out;
}

/**
 * A taxon as answered: every localized value translated, and the name fields also copied
 * untranslated as `<field>MultiLang` (only those selected, when a selection is given). One pass
 * over the fields: this runs for every taxon of every page.
 */
export function shapeTaxon(
  taxon: object,
  language: ResponseLanguage,
  selection: FieldSelection = {},
): Record<string, unknown> {
  return shapeOne(taxon as Record<string, unknown>, language, selectedKeys(selection));
}

/** `shapeTaxon` for the taxa of one request, one at a time: the selection is read once for all. */
export function taxonShaper(
  language: ResponseLanguage,
  selection: FieldSelection = {},
  options: ShapeOptions = {},
): (taxon: object) => Record<string, unknown> {
  const selected = selectedKeys(selection);
  return (taxon) => shapeOne(taxon as Record<string, unknown>, language, selected, options);
}

export function shapeTaxa(
  taxa: object[],
  language: ResponseLanguage,
  selection: FieldSelection = {},
): Record<string, unknown>[] {
  return taxa.map(taxonShaper(language, selection));
}
