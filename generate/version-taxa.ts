/**
 * The taxa of an older checklist version, streamed from the `current` taxa in file order: the tree
 * changes of versions.ts (taxa added since left out, taxa removed since put back, taxa moved since
 * under their old parent) and then each taxon's field edits. The tree stays complete: only leaves
 * are left out, a removed taxon is a leaf under a taxon that every version has and comes before
 * its current sibling, and a moved taxon's old parent is an earlier sibling of its parent, so
 * parents still come before their children.
 */
import type { Taxon } from '../src/taxon/schema.ts';
import { Drift } from './drift.ts';
import type { IdScheme } from './ids.ts';
import { authorship, epithet } from './latin-names.ts';
import { GENUS, ORDER, rankAt, rankName } from './ranks.ts';
import { KINGDOMS, type NomenclaturalCode } from './themes.ts';
import type { TreeSkeleton } from './tree.ts';
import type { TaxonPlace, VersionEdits } from './versions.ts';
import { NAME_ACCORDING_TO } from './vocabulary.ts';

const SPECIES = GENUS + 1;
const MAX_DEPTH = 256;

function codeOf(kingdom: Taxon | undefined): NomenclaturalCode {
  return KINGDOMS.find((candidate) => candidate.scientificName === kingdom?.scientificName)?.code ?? 'zoological';
}

/** A species the version has next to the current species at `index`, and later versions no longer. */
function removedSibling(drift: Drift, ids: IdScheme, taxon: Taxon, genus: Taxon | undefined, place: TaxonPlace): Taxon {
  const rng = drift.random('removed', place.key);
  return {
    id: ids.extraTaxon(place.index),
    isPartOf: taxon.isPartOf,
    nameAccordingTo: NAME_ACCORDING_TO,
    taxonRank: rankAt(SPECIES).qname,
    scientificName: `${genus?.scientificName ?? ''} ${epithet(rng)}`.trim(),
    scientificNameAuthorship: authorship(rng, place.code, true),
    cursiveName: true,
    finnish: rng.chance(0.5),
  };
}

export function* versionTaxa(
  current: Iterable<Taxon>,
  skeleton: TreeSkeleton,
  ids: IdScheme,
  edits: VersionEdits,
): Generator<Taxon> {
  const { drift } = edits;
  if (drift.step === 0) {
    yield* current;
    return;
  }
  /** The current taxa from the root to the one at hand, by depth. */
  const path: Taxon[] = [];
  /** The last position seen at each depth, and the previous sibling of the taxon on the path there (-1: none). */
  const last = new Int32Array(MAX_DEPTH).fill(-1);
  const previous = new Int32Array(MAX_DEPTH).fill(-1);
  let code: NomenclaturalCode = 'zoological';
  let index = 0;
  for (const taxon of current) {
    const at = index++;
    const depth = skeleton.depth[at] ?? 0;
    const parent = skeleton.parent[at] ?? -1;
    const before = last[depth] ?? -1;
    previous[depth] = before !== -1 && skeleton.parent[before] === parent ? before : -1;
    last[depth] = at;
    path[depth] = taxon;
    if (at === 0) {
      yield taxon;
      continue;
    }
    if (depth === 1) code = codeOf(taxon);
    const rankIndex = skeleton.rank[at] ?? 0;
    const leaf = at + 1 >= skeleton.size || skeleton.parent[at + 1] !== at;
    const place: TaxonPlace = { index: at, rank: rankName(rankIndex), leaf, code, key: Drift.key(taxon.id) };
    if (rankIndex === SPECIES && skeleton.rank[parent] === GENUS && drift.happened('removed', place.key)) {
      yield removedSibling(drift, ids, taxon, path[depth - 1], place);
    }
    if (rankIndex >= SPECIES && leaf && drift.happened('added', place.key)) continue;
    const old = edits.edit(taxon, place);
    const oldParent = depth >= 2 ? (previous[depth - 1] ?? -1) : -1;
    if (rankIndex >= ORDER && rankIndex <= GENUS && oldParent !== -1 && drift.happened('moved', place.key)) {
      old.isPartOf = ids.taxon(oldParent);
    }
    yield old;
  }
}
