/**
 * The changes service: pages and aggregations of the change records between two loaded versions
 * (docs/api.md, "Comparing versions"). The records are the newer version's changes index
 * (`loaders/changes.ts`; the embedded engine builds a pair's when it is first searched); a
 * request searches them like taxa, never comparing versions itself.
 */
import { AppError, invalidParameter } from '../errors.ts';
import { aggregateRows, type AggregationSpec } from '../query/aggregate.ts';
import {
  compileChangeOf,
  compileChangesAggregate,
  compileChangesExportChunk,
  compileChangesPage,
  type ChangesExportRequest,
  type ChangesPageRequest,
  type ChangesScope,
} from '../query/changes-request.ts';
import { compileTaxonById, EXPORT_CHUNK_SIZE } from '../query/taxa-request.ts';
import { chronological, type ChecklistVersion } from '../taxon/catalog.ts';
import type { FilterNode } from '../query/nodes/index.ts';
import type { ChangeRecord } from '../taxon/changes.ts';
import type { TaxonDocument } from '../taxon/schema.ts';
import { chunksInOrder, exportSource } from './export.ts';
import { countOnly, pageOf, pastResultWindow, type Page } from './page.ts';
import type { VersionIndices, Versions } from './versions.ts';

/** A change record as the index keeps it (`loaders/changes.ts`). */
type StoredChange = Omit<ChangeRecord<TaxonDocument>, 'id'> & {
  taxonId: string;
  since: string;
  order: number;
  id: string;
};

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

/** One version of a taxon's history: the taxon there (absent when it is not), and what changed since the version before. */
export interface HistoryStep {
  version: string;
  taxon?: TaxonDocument;
  change?: Partial<ChangeRecord<TaxonDocument>>;
}

export function createChangesService({
  versions,
  loaded,
}: {
  versions: Versions;
  loaded: () => Promise<ChecklistVersion[]>;
}) {
  /** The newer version's indices (where the pair's records are), both versions checked. */
  async function pairIndices({ from, to }: VersionPair): Promise<VersionIndices> {
    await versions.at(from, 'from');
    const newer = await versions.at(to, 'to');
    if (from === to) throw invalidParameter('to', `must be another version than from ('${from}')`);
    return newer;
  }

  return {
    async page(
      pair: VersionPair,
      request: Omit<ChangesPageRequest, 'scope'> & { scope: Omit<ChangesScope, 'since'> },
    ): Promise<Page<Partial<ChangeRecord<TaxonDocument>>>> {
      const newer = await pairIndices(pair);
      const compiled = compileChangesPage({ ...request, scope: { ...request.scope, since: pair.from } });
      // Past the result window a page is past the end: count only, as a page of taxa does.
      const deep = pastResultWindow(compiled.from, request.pageSize);
      const body = deep ? countOnly(compiled) : compiled;
      const result = await newer.search<StoredChange>('changes', body, pair.from);
      const total = typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);
      return pageOf(
        result.hits.hits.map((hit) => recordOf(hit._source!)),
        request.page,
        request.pageSize,
        total,
      );
    },

    /**
     * Every record between the pair the request matches, in taxonomic order, a chunk at a time
     * (`src/http/answers/export.ts`); unknown versions are refused at the first chunk.
     */
    async *exportChunks(
      pair: VersionPair,
      request: Omit<ChangesExportRequest, 'scope'> & { scope: Omit<ChangesScope, 'since'> },
    ): AsyncGenerator<Partial<ChangeRecord<TaxonDocument>>[], void, undefined> {
      const newer = await pairIndices(pair);
      const body = (after: number | undefined) =>
        compileChangesExportChunk({ ...request, scope: { ...request.scope, since: pair.from } }, after);
      for await (const chunk of chunksInOrder(
        exportSource<StoredChange>(newer, 'changes', body, pair.from),
        EXPORT_CHUNK_SIZE,
        versions.catalog,
      ))
        yield chunk.map(recordOf);
    },

    /** The taxon through every loaded version, oldest first; a 404 when no version has it. */
    async history(id: string): Promise<HistoryStep[]> {
      const order = chronological(await loaded()).map((v) => v.id);
      const steps = await Promise.all(
        order.map(async (version, i): Promise<HistoryStep> => {
          const index = await versions.at(version);
          const found = await index.search<TaxonDocument>('taxa', compileTaxonById(id, {}));
          const taxon = found.hits.hits[0]?._source;
          const since = order[i - 1];
          const change =
            since === undefined
              ? undefined
              : (await index.search<StoredChange>('changes', compileChangeOf(since, id), since, [id])).hits.hits[0]
                  ?._source;
          return { version, ...(taxon ? { taxon } : {}), ...(change ? { change: recordOf(change) } : {}) };
        }),
      );
      if (steps.every((step) => step.taxon === undefined))
        throw new AppError('TAXON_NOT_FOUND', `Taxon '${id}' not found in any loaded version`);
      return steps;
    },

    async aggregate(
      pair: VersionPair,
      scope: Omit<ChangesScope, 'since'>,
      filter: FilterNode,
      specs: AggregationSpec[],
      size: number,
    ) {
      const newer = await pairIndices(pair);
      const body = compileChangesAggregate({ ...scope, since: pair.from }, filter, specs, size);
      const result = await newer.search('changes', body, pair.from);
      return aggregateRows(specs, result.aggregations as Record<string, unknown> | undefined);
    },
  };
}
