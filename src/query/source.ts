/**
 * `_source` filtering: what a response may carry. Internal fields are always excluded; heavy
 * ones (media, descriptions, red-list evaluations) only when asked for, or when a client names
 * them in `selectedFields`.
 */
import type { SourceOption } from '../index/search-body.ts';

/** Never returned (docs/api.md, "Fields and language"). */
export const INTERNAL_FIELDS = [
  'isPartOf',
  'isPartOfNonHidden',
  'depth',
  'nonHiddenDepth',
  'nonHiddenParents',
  'scientificNameSortRank',
  'finnishNameSortRank',
  // filtered on, not answered, as the real API's evaluations
  'latestRedListEvaluation.primaryHabitatSearchStrings',
  'latestRedListEvaluation.anyHabitatSearchStrings',
] as const;

/** Name fields whose untranslated copies are served as `<field>MultiLang`. */
export const MULTI_LANG_FIELDS = [
  'vernacularName',
  'alternativeVernacularName',
  'obsoleteVernacularName',
  'colloquialVernacularName',
  'tradeName',
] as const;

export interface FieldSelection {
  selectedFields?: string[];
  includeMedia?: boolean;
  includeDescriptions?: boolean;
  includeRedListEvaluations?: boolean;
  /** the parent's id (`isPartOf`), internal here but answered by the legacy interface */
  withParent?: boolean;
}

const MULTI_LANG_SUFFIX = 'MultiLang';

/** `vernacularNameMultiLang` is read from `vernacularName`. */
export function sourceFieldOf(selected: string): string {
  const base = selected.endsWith(MULTI_LANG_SUFFIX) ? selected.slice(0, -MULTI_LANG_SUFFIX.length) : selected;
  return (MULTI_LANG_FIELDS as readonly string[]).includes(base) ? base : selected;
}

function optionalExcludes(selection: FieldSelection): string[] {
  const named = new Set((selection.selectedFields ?? []).map((f) => f.split('.')[0]));
  const optional: [boolean | undefined, string][] = [
    [selection.includeMedia, 'multimedia'],
    [selection.includeDescriptions, 'descriptions'],
    [selection.includeRedListEvaluations, 'latestRedListEvaluation'],
  ];
  return optional.filter(([asked, field]) => !asked && !named.has(field)).map(([, field]) => field);
}

export function compileSource(selection: FieldSelection): SourceOption {
  const internal = selection.withParent ? INTERNAL_FIELDS.filter((field) => field !== 'isPartOf') : INTERNAL_FIELDS;
  const excludes = [...internal, ...optionalExcludes(selection)];
  const selected = selection.selectedFields;
  if (!selected || selected.length === 0) return { excludes };
  return { includes: [...new Set(selected.map(sourceFieldOf))], excludes };
}
