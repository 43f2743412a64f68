/**
 * The taxa service: requests in, untranslated taxon documents out. It asks the engine, through
 * the version resolver (`versions.ts`), with bodies from the compiler, and knows the tree walks (children
 * with hidden taxa raised, lineages). No HTTP here.
 */
import { AppError, invalidParameter } from '../errors.ts';
import type { SearchBody, SearchResult } from '../index/engine.ts';
import { aggregateRows, type AggregationSpec } from '../query/aggregate.ts';
import { and, type FilterNode } from '../query/nodes/index.ts';
import type { SortOrder } from '../query/sort.ts';
import type { FieldSelection } from '../query/source.ts';
import {
  checklistClause,
  compileChildren,
  compileChildrenOf,
  compileLineageOf,
  compileTaxaAggregate,
  compileTaxaByIds,
  compileTaxaExportChunk,
  compileTaxaPage,
  compileTaxonById,
  DEFAULT_CHECKLIST,
  EXPORT_CHUNK_SIZE,
  MAX_NESTED_TAXA,
  speciesUnder,
  type TaxaExportRequest,
  type TaxaPageRequest,
  type TaxaScope,
} from '../query/taxa-request.ts';
import type { TaxonDocument } from '../taxon/schema.ts';
import { chunksInOrder, exportSource } from './export.ts';
import { countOnly, pageOf, pastResultWindow, type Page } from './page.ts';
import type { Versions } from './versions.ts';

export type TaxaService = ReturnType<typeof createTaxaService>;

/** A nested tree past the bound: a 422 at `maxLevel`, the parameter that asked for it. */
function tooLargeTree(bound: number): AppError {
  return invalidParameter(
    'maxLevel',
    `the tree would hold more than ${bound} taxa: ask for fewer levels, or for a taxon lower in the tree`,
  );
}

function totalOf(result: SearchResult<unknown>): number {
  const total = result.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}

/** Taxa of one level of a nested tree read in one search (`childLevels`). */
const TREE_PAGE_SIZE = 500;

function sources<T>(result: SearchResult<T>): T[] {
  return result.hits.hits.map((hit) => hit._source as T);
}

function ids(result: SearchResult<unknown>): string[] {
  return result.hits.hits.map((hit) => hit._id!);
}

/**
 * One page of taxa, searched for their documents or for their ids only (in the same order): a
 * caller that keeps what it made of each taxon (`src/http/answers/taxon-texts.ts`) asks for the ids first,
 * and for the documents only when it lacks some.
 */
export interface PageSearch {
  ids(): Promise<Page<string>>;
  taxa(): Promise<Page<TaxonDocument>>;
}

/** The bodies of a page request: its documents, and its ids only. */
interface PageBodies {
  taxa: SearchBody;
  ids: SearchBody;
}

/** The bodies of `request`: its documents, and its ids only. */
function bodiesOf(request: TaxaPageRequest): PageBodies {
  const taxa = compileTaxaPage(request);
  return { taxa, ids: { ...taxa, _source: false } };
}

async function searchTaxa(versions: Versions, version: string, body: SearchBody): Promise<SearchResult<TaxonDocument>> {
  return versions.search<TaxonDocument>(version, 'taxa', body);
}

async function lineageOf(versions: Versions, version: string, id: string) {
  const [taxon] = sources(await searchTaxa(versions, version, compileLineageOf(id)));
  if (!taxon) throw new AppError('TAXON_NOT_FOUND', `Taxon '${id}' not found`);
  return taxon;
}

async function searchPage<T>(
  versions: Versions,
  version: string,
  request: TaxaPageRequest,
  body: SearchBody,
  read: (result: SearchResult<TaxonDocument>) => T[],
): Promise<Page<T>> {
  if (pastResultWindow(body.from, request.pageSize)) {
    // Beyond any checklist: count only, and answer the empty page past the end.
    const counted = await searchTaxa(versions, version, countOnly(body));
    return pageOf([], request.page, request.pageSize, totalOf(counted));
  }
  const result = await searchTaxa(versions, version, body);
  return pageOf(read(result), request.page, request.pageSize, totalOf(result));
}

/**
 * Adds the children of one level of a nested tree to `byParent`, by the id of their parent
 * (`compileChildrenOf`'s `parentField`); their ids, the parents of the next level.
 */
function addByParent(
  found: readonly TaxonDocument[],
  parentField: ReturnType<typeof compileChildrenOf>['parentField'],
  byParent: Map<string, TaxonDocument[]>,
): string[] {
  const parents: string[] = [];
  for (const child of found) {
    // The parent field was asked for the grouping only: the answer does not carry it.
    const { [parentField]: parent, ...taxon } = child;
    const siblings = byParent.get(parent!) ?? [];
    if (siblings.length === 0) byParent.set(parent!, siblings);
    siblings.push(taxon as TaxonDocument);
    parents.push(child.id);
  }
  return parents;
}

export interface TaxaServiceOptions {
  versions: Versions;
  /** the most taxa one nested tree answer holds (default `MAX_NESTED_TAXA`) */
  maxNestedTaxa?: number;
}

export function createTaxaService({ versions, maxNestedTaxa = MAX_NESTED_TAXA }: TaxaServiceOptions) {
  function pages(version: string, request: TaxaPageRequest): PageSearch {
    const bodies = bodiesOf(request);
    return {
      ids: () => searchPage(versions, version, request, bodies.ids, ids),
      taxa: () => searchPage(versions, version, request, bodies.taxa, sources),
    };
  }

  return {
    /** A page of taxa, to be asked for by ids or documents (`PageSearch`). */
    pages,

    async aggregate(version: string, filter: FilterNode, scope: TaxaScope, specs: AggregationSpec[], size: number) {
      const result = await searchTaxa(versions, version, compileTaxaAggregate(filter, scope, specs, size));
      return aggregateRows(specs, result.aggregations as Record<string, unknown> | undefined);
    },

    async get(version: string, id: string, fields: FieldSelection): Promise<TaxonDocument> {
      const [taxon] = sources(await searchTaxa(versions, version, compileTaxonById(id, fields)));
      if (!taxon) throw new AppError('TAXON_NOT_FOUND', `Taxon '${id}' not found`);
      return taxon;
    },

    /**
     * The children of `id` in the checklists given, or else in the taxon's own checklist (the
     * master checklist for a taxon without one), as the real API takes them.
     */
    async children(
      version: string,
      id: string,
      includeHidden: boolean,
      fields: FieldSelection,
      filter: FilterNode,
      checklist: readonly string[] | undefined,
      sort?: SortOrder,
    ) {
      const taxon = await lineageOf(versions, version, id);
      const inChecklists = and.build([
        filter,
        checklistClause(checklist ?? [taxon.nameAccordingTo ?? DEFAULT_CHECKLIST]),
      ]);
      return sources(
        await searchTaxa(versions, version, compileChildren(id, includeHidden, fields, inChecklists, sort)),
      );
    },

    async parents(version: string, id: string, includeHidden: boolean, fields: FieldSelection, filter?: FilterNode) {
      const taxon = await lineageOf(versions, version, id);
      const lineage = (includeHidden ? taxon.parents : taxon.nonHiddenParents) ?? [];
      if (lineage.length === 0) return [];
      return sources(await searchTaxa(versions, version, compileTaxaByIds(lineage, fields, filter)));
    },

    /**
     * Every taxon the request matches, in taxonomic order, a chunk at a time (`src/http/answers/export.ts`); an
     * unknown version is refused at the first chunk.
     */
    async *exportChunks(version: string, request: TaxaExportRequest): AsyncGenerator<TaxonDocument[], void, undefined> {
      const index = await versions.at(version);
      yield* chunksInOrder(
        exportSource<TaxonDocument>(index, 'taxa', (after) => compileTaxaExportChunk(request, after)),
        EXPORT_CHUNK_SIZE,
        versions.catalog,
      );
    },

    /**
     * Species under a taxon: the page of its descendants at species level or below
     * (`PageSearch`). Under an unknown taxon there are none: an empty page, as the real API answers.
     */
    speciesOf(version: string, id: string, request: TaxaPageRequest): PageSearch {
      return pages(version, { ...request, ...speciesUnder(id, request.scope, request.filter) });
    },

    /**
     * The children of `id`, and theirs, `levels` levels down (the legacy `maxLevel`): one search a
     * level, each taxon's children in the order asked, by the id of their parent. A taxon's
     * children are found as `children` finds them; the filter applies to every level.
     */
    async childLevels(
      version: string,
      id: string,
      levels: number,
      includeHidden: boolean,
      fields: FieldSelection,
      filter?: FilterNode,
      sort?: SortOrder,
    ): Promise<Map<string, TaxonDocument[]>> {
      await lineageOf(versions, version, id);
      const byParent = new Map<string, TaxonDocument[]>();
      let parents = [id];
      let room = maxNestedTaxa;
      for (let level = 0; level < levels && parents.length > 0; level++) {
        const { body, parentField } = compileChildrenOf(parents, includeHidden, fields, filter, sort);
        // Counted before it is read: a tree that does not fit is refused without reading it.
        const total = totalOf(await searchTaxa(versions, version, countOnly(body)));
        if (total > room) throw tooLargeTree(maxNestedTaxa);
        // Read a page at a time, so that no one answer to take up is thousands of taxa.
        const found: TaxonDocument[] = [];
        for (let from = 0; from < total; from += TREE_PAGE_SIZE)
          found.push(...sources(await searchTaxa(versions, version, { ...body, from, size: TREE_PAGE_SIZE })));
        room -= found.length;
        parents = addByParent(found, parentField, byParent);
      }
      return byParent;
    },
  };
}
