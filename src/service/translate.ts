/**
 * Language of answers (DESIGN §5): every `{fi, sv, en}` value becomes a string (or list) in the
 * chosen language, falling back en → fi → sv; `multi` keeps the objects. Name fields are also
 * copied untranslated as `<field>MultiLang`.
 */
import { MULTI_LANG_FIELDS } from '../query/source.ts';

export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type ResponseLanguage = Language | 'multi';
export const DEFAULT_LANGUAGE: ResponseLanguage = 'en';

const LANGUAGE_KEYS = new Set<string>(LANGUAGES);
const FALLBACK: readonly Language[] = ['en', 'fi', 'sv'];

type Json = unknown;

function isLocalized(value: Json): value is Partial<Record<Language, string | string[]>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((key) => LANGUAGE_KEYS.has(key)) &&
    Object.values(value).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string')))
  );
}

function pickLanguage(value: Partial<Record<Language, string | string[]>>, language: Language) {
  for (const candidate of [language, ...FALLBACK]) {
    const text = value[candidate];
    if (text !== undefined && text !== '' && !(Array.isArray(text) && text.length === 0)) return text;
  }
  return undefined;
}

/** A translated copy; the input is never changed. */
export function translate(value: Json, language: ResponseLanguage): Json {
  if (language === 'multi' || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => translate(item, language));
  if (isLocalized(value)) return pickLanguage(value, language);
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    const translated = translate(child, language);
    if (translated !== undefined) out[key] = translated;
  }
  return out;
}

/** Adds `<field>MultiLang` copies of the name fields present in a taxon. */
export function withMultiLang(taxon: Record<string, Json>): Record<string, Json> {
  const copies: Record<string, Json> = {};
  for (const field of MULTI_LANG_FIELDS) {
    if (taxon[field] !== undefined) copies[`${field}MultiLang`] = taxon[field];
  }
  return { ...taxon, ...copies };
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
