/**
 * The changes service: pages and aggregations of the change records between two loaded versions
 * (docs/api.md, "Comparing versions"). The records were computed at load into the newer
 * version's changes index (`loaders/changes.ts`); a request searches them like taxa, never
 * comparing versions itself.
 */
import { invalidParameter } from '../errors.ts';
import { aggregateRows, type AggregationSpec } from '../query/aggregate.ts';
import {
  CHANGE_FILTER_KEYS, compileChangesAggregate, compileChangesPage, type ChangesPageRequest, type ChangesScope,
} from '../query/changes-request.ts';
import type { FilterNode } from '../query/nodes/index.ts';
import type { ChangeRecord } from '../taxon/changes.ts';
import type { TaxonDocument } from '../taxon/schema.ts';
import { pageOf, type Page } from './page.ts';
import type { Versions } from './versions.ts';

/** A change record as the index keeps it (`loaders/changes.ts`). */
type StoredChange = Omit<ChangeRecord<TaxonDocument>, 'id'> & { taxonId: string; since: string; order: number; id: string };

export type ChangesService = ReturnType<typeof createChangesService>;

/** Two versions to compare: `from` the older side of the records, `to` the newer. */
export interface VersionPair {
  from: string;
  to: string;
}

/** The record as answered: its id is the taxon's. */
function recordOf(stored: Partial<StoredChange>): Partial<ChangeRecord<TaxonDocument>> {
  const { taxonId, since: _since, order: _order, id: _id, ...rest } = stored;
  return { id: taxonId!, ...rest };
}

export function createChangesService({ versions }: { versions: Versions }) {
  async function resolvePair({ from, to }: VersionPair): Promise<void> {
    await versions.resolve(from, 'from');
    await versions.resolve(to, 'to');
    if (from === to) throw invalidParameter('to', `must be another version than from ('${from}')`);
  }

  return {
    async page(pair: VersionPair, request: Omit<ChangesPageRequest, 'scope'> & { scope: Omit<ChangesScope, 'since'> }): Promise<Page<Partial<ChangeRecord<TaxonDocument>>>> {
      await resolvePair(pair);
      const body = compileChangesPage({ ...request, scope: { ...request.scope, since: pair.from } });
      const result = await versions.search<StoredChange>(pair.to, 'changes', body, 'to');
      const total = typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);
      return pageOf(result.hits.hits.map((hit) => recordOf(hit._source!)), request.page, request.pageSize, total);
    },

    async aggregate(pair: VersionPair, scope: Omit<ChangesScope, 'since'>, filter: FilterNode, specs: AggregationSpec[], size: number) {
      await resolvePair(pair);
      const body = compileChangesAggregate({ ...scope, since: pair.from }, filter, specs, size);
      const result = await versions.search(pair.to, 'changes', body, 'to');
      return aggregateRows(specs, result.aggregations as Record<string, unknown> | undefined, CHANGE_FILTER_KEYS);
    },
  };
}
