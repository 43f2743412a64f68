/**
 * Language of answers (docs/api.md, "Fields and language"): every `{fi, sv, en}` value becomes
 * a string (or list) in the chosen language, falling back en → fi → sv; `multi` keeps the
 * objects. (The untranslated `<field>MultiLang` copies are added where a taxon is shaped,
 * `shape.ts`.)
 */
import type { TranslationPlan } from './translation-plan.ts';

export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type ResponseLanguage = Language | 'multi';
/** The languages an answer can be in: each language, or `multi` (the `{fi, sv, en}` objects kept). */
export const RESPONSE_LANGUAGES: readonly ResponseLanguage[] = [...LANGUAGES, 'multi'];
export const DEFAULT_LANGUAGE: ResponseLanguage = 'en';

const LANGUAGE_KEYS = new Set<string>(LANGUAGES);
const FALLBACK: readonly Language[] = ['en', 'fi', 'sv'];

type Json = unknown;

/** `{fi?, sv?, en?}` with text values: a localized value. Written as loops: it runs per field. */
function isLocalized(value: object): value is Partial<Record<Language, string | string[]>> {
  let keys = 0;
  for (const key in value) {
    if (key !== 'fi' && key !== 'sv' && key !== 'en') return false;
    const text = (value as Record<string, unknown>)[key];
    if (typeof text !== 'string' && !(Array.isArray(text) && text.every((s) => typeof s === 'string'))) return false;
    keys += 1;
  }
  return keys > 0;
}

function pickLanguage(value: Partial<Record<Language, string | string[]>>, language: Language, fallback: boolean) {
  for (const candidate of fallback ? [language, ...FALLBACK] : [language]) {
    const text = value[candidate];
    if (text !== undefined && text !== '' && !(Array.isArray(text) && text.length === 0)) return text;
  }
  return undefined;
}

function translateArray(value: Json[], language: Language, fallback: boolean): Json[] {
  // Lists of plain values (ancestor ids, statuses) need no copy: nothing in them translates.
  if (value.every((item) => typeof item !== 'object' || item === null)) return value;
  return value.map((item) => translateValue(item, language, fallback));
}

function translateValue(value: Json, language: Language, fallback: boolean): Json {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return translateArray(value, language, fallback);
  if (isLocalized(value)) return pickLanguage(value, language, fallback);
  const out: Record<string, Json> = {};
  for (const key in value) {
    const translated = translateValue((value as Record<string, Json>)[key], language, fallback);
    if (translated !== undefined) out[key] = translated;
  }
  return out;
}

/**
 * A translated copy (sharing untouched lists of plain values); the input is never changed.
 * `fallback` false (the legacy `langFallback=false`): a value missing in `language` stays missing.
 */
export function translate(value: Json, language: ResponseLanguage, fallback = true): Json {
  return language === 'multi' ? value : translateValue(value, language, fallback);
}

/**
 * Translates `value` along `plan` only: values off the plan are shared as they are (stored
 * documents are frozen, so sharing is safe). Fields the schema does not know are translated the
 * generic way, so a localized value in them is still answered in one language.
 */
export function translateByPlan(
  value: Json,
  plan: TranslationPlan | true,
  language: ResponseLanguage,
  fallback = true,
): Json {
  if (language === 'multi' || typeof value !== 'object' || value === null) return value;
  if (plan === true) return translateValue(value, language, fallback);
  if (Array.isArray(value)) return value.map((item) => translateByPlan(item, plan, language, fallback));
  const out: Record<string, Json> = {};
  for (const key in value) {
    const child = (value as Record<string, Json>)[key];
    const childPlan = Object.hasOwn(plan, key) ? plan[key] : undefined;
    const translated = childPlan === undefined ? child : translateByPlan(child, childPlan, language, fallback);
    if (translated !== undefined) out[key] = translated;
  }
  return out;
}

/**
 * The best language of an Accept-Language header: q-weights honoured, `*` and unknown tags
 * skipped, region subtags ignored (`fi-FI` is `fi`); the default when nothing fits.
 */
export function negotiateLanguage(header: string | undefined): ResponseLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const choices = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase().split('-')[0]!, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((c) => c.weight > 0 && (LANGUAGE_KEYS.has(c.tag) || c.tag === 'multi'))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (choices[0]?.tag as ResponseLanguage | undefined) ?? DEFAULT_LANGUAGE;
}
