/**
 * `generateChecklist`: a deterministic synthetic checklist of any size. The tree shape is built
 * up front (a few typed arrays); the taxon documents are generated lazily, each time the taxa
 * are iterated, so a large checklist is never held in memory.
 */
import type { InformalTaxonGroup, RedListEvaluationGroup } from '../src/taxon/catalog.ts';
import type { Taxon } from '../src/taxon/schema.ts';
import { IdScheme, MAX_TAXA } from './ids.ts';
import { informalTaxonGroups, redListEvaluationGroups } from './informal-groups.ts';
import { mixSeed, Random } from './random.ts';
import { TaxonFactory } from './taxon-factory.ts';
import { buildSkeleton } from './tree.ts';
import { versionTaxa } from './version-taxa.ts';
import { KNOWN_VERSIONS, VersionEdits } from './versions.ts';

export interface GenerateOptions {
  /** Number of taxa, the root included. */
  taxa: number;
  /** Default 1. */
  seed?: number;
}

export interface SyntheticChecklist {
  informalTaxonGroups: InformalTaxonGroup[];
  /** The red-list evaluation groups, covering informal groups of `informalTaxonGroups`. */
  redListEvaluationGroups: RedListEvaluationGroup[];
  /** The `current` version's taxa in file order (pre-order); a fresh iteration each call. */
  taxa(): Iterable<Taxon>;
  /** The taxa of any known version (`current`, `MR.424`, …), derived from the current ones (versions.ts). */
  versionTaxa(version: string): Iterable<Taxon>;
  readonly size: number;
  readonly seed: number;
}

function* currentTaxa(factory: () => TaxonFactory, size: number): Generator<Taxon> {
  const taxa = factory();
  for (let index = 0; index < size; index++) yield taxa.build(index);
}

export function generateChecklist(options: GenerateOptions): SyntheticChecklist {
  const size = options.taxa;
  const seed = (options.seed ?? 1) >>> 0;
  if (!Number.isInteger(size) || size < 1 || size > MAX_TAXA) {
    throw new RangeError(`taxa must be an integer from 1 to ${MAX_TAXA}, got ${size}`);
  }
  if (!Number.isInteger(options.seed ?? 1)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  const skeleton = buildSkeleton(size, mixSeed(seed, 1));
  const ids = new IdScheme(size, seed);
  const factory = (): TaxonFactory => new TaxonFactory(skeleton, ids, new Random(mixSeed(seed, 2)));
  const taxa = (): Iterable<Taxon> => ({ [Symbol.iterator]: () => currentTaxa(factory, size) });
  return {
    informalTaxonGroups: informalTaxonGroups(),
    redListEvaluationGroups: redListEvaluationGroups(),
    size,
    seed,
    taxa,
    versionTaxa(version: string): Iterable<Taxon> {
      if (version === 'current') return taxa();
      if (!KNOWN_VERSIONS.includes(version)) {
        throw new RangeError(`Unknown checklist version '${version}' (known: ${KNOWN_VERSIONS.join(', ')})`);
      }
      return { [Symbol.iterator]: () => versionTaxa(taxa(), skeleton, ids, new VersionEdits(version, seed, ids)) };
    },
  };
}
