/**
 * What is served beside the taxa: the informal taxon groups and the checklist versions loaded,
 * as the data directory gives them. Loaders produce it, engines keep it, routes serve it.
 */
/** One informal taxon group as the data directory gives it. */
export interface InformalTaxonGroup {
  id: string;
  name: { fi?: string; sv?: string; en?: string };
  hasSubGroup?: string[];
}

/** The version a request reads when it names none: the checklist as it is now, not a dated version. */
export const CURRENT_VERSION = 'current';

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

/** What is served besides the taxa: the informal groups, the loaded versions and the checklists. */
export interface Catalog {
  informalTaxonGroups: InformalTaxonGroup[];
  checklistVersions: ChecklistVersion[];
  /** absent in a catalog loaded before checklists were declared: none */
  checklists?: Checklist[];
}
