/**
 * What is served beside the taxa: the informal taxon groups, the red-list evaluation groups and
 * the checklist versions loaded, as the data directory gives them. Loaders produce it, engines
 * keep it, routes serve it.
 */
/** One informal taxon group as the data directory gives it. */
export interface InformalTaxonGroup {
  id: string;
  name: { fi?: string; sv?: string; en?: string };
  hasSubGroup?: string[];
}

/** The version a request reads when it names none: the checklist as it is now, not a dated version. */
export const CURRENT_VERSION = 'current';

/** A group of a hierarchy whose subgroups the key `K` lists by id (`hasSubGroup`, `hasIucnSubGroup`). */
export type Group<K extends string> = { id: string; name: InformalTaxonGroup['name'] } & { [P in K]?: string[] };

/**
 * One red-list evaluation group (an IUCN red-list taxon group) as the data directory gives it:
 * its subgroups in `hasIucnSubGroup`, the informal groups and taxa it covers by id.
 */
export interface RedListEvaluationGroup {
  id: string;
  name: { fi?: string; sv?: string; en?: string };
  hasIucnSubGroup?: string[];
  includesInformalTaxonGroup?: string[];
  includesTaxon?: string[];
}

/** One checklist version's metadata (from `checklist-versions.json`, or just its id). */
export interface ChecklistVersion {
  id: string;
  versionName?: { fi?: string; sv?: string; en?: string };
  versionDate?: string;
  [key: string]: unknown;
}

/**
 * Versions oldest first: dated ones by date, then undated ones by id, `current` last (the
 * versions of a data directory need not be dated).
 */
export function chronological(list: readonly ChecklistVersion[]): ChecklistVersion[] {
  const rank = (v: ChecklistVersion) => (v.id === CURRENT_VERSION ? 2 : v.versionDate ? 0 : 1);
  return [...list].sort(
    (a, b) => rank(a) - rank(b) || (a.versionDate ?? '').localeCompare(b.versionDate ?? '') || a.id.localeCompare(b.id),
  );
}

/** One checklist the data directory declares (`checklists.json`): the taxa name it in `nameAccordingTo`. */
export interface Checklist {
  id: string;
  name?: { fi?: string; sv?: string; en?: string };
  owner?: string;
  rootTaxon?: string;
  isPublic?: boolean;
  bibliographicCitation?: string;
  [key: string]: unknown;
}

/**
 * What is served besides the taxa: the informal groups, the loaded versions, the checklists and
 * the red-list evaluation groups.
 */
export interface Catalog {
  informalTaxonGroups: InformalTaxonGroup[];
  checklistVersions: ChecklistVersion[];
  /** absent in a catalog loaded before checklists were declared: none */
  checklists?: Checklist[];
  /** absent in a catalog loaded before red-list evaluation groups were served: none */
  redListEvaluationGroups?: RedListEvaluationGroup[];
}
