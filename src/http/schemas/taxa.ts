/** Request schemas of the taxa routes. */
import { z } from 'zod';
import { FILTER_KEYS } from '../../taxon/fields.ts';
import { DEFAULT_AGGREGATE_SIZE } from '../../query/aggregate.ts';
import { DEFAULT_CHECKLIST } from '../../query/taxa-request.ts';
import { exportFormatParam } from '../answers/export.ts';
import {
  booleanParam,
  checklistVersionParam,
  fieldSelectionQuery,
  languageQuery,
  listFilterParam,
  optionalBooleanParam,
  pageParam,
  pageSizeParam,
  commaList,
  sortOrderParam,
  taxonId,
} from './common.ts';

export const taxonParams = z.object({ id: taxonId });

const versionAndFields = {
  ...languageQuery,
  checklistVersion: checklistVersionParam,
  ...fieldSelectionQuery,
};

/** GET /taxa/{id}, descriptions, media */
export const taxonQuery = z.object(versionAndFields);

/** children and parents: whole lists */
export const treeQuery = z.object({ ...versionAndFields, includeHidden: booleanParam(false) });

const checklistList = commaList.refine((checklists) => checklists.length > 0, 'must name a checklist');

const scopeQuery = {
  ...languageQuery,
  /** `MR.1,MR.2`: taxa of any of these checklists */
  checklist: checklistList.default([DEFAULT_CHECKLIST]),
  checklistVersion: checklistVersionParam,
  includeHidden: booleanParam(false),
  parentTaxonId: taxonId.optional(),
};

/** The simple filters GET /taxa takes as parameters (POST takes the filter body). */
const simpleFilters = {
  informalTaxonGroups: listFilterParam,
  id: listFilterParam,
  invasiveSpecies: optionalBooleanParam,
  finnish: optionalBooleanParam,
};

/** children: a whole list, sorted as pages are, filtered by the simple filters too (POST: and its body's) */
export const childrenQuery = treeQuery.extend({
  sortOrder: sortOrderParam,
  ...simpleFilters,
  /** `MR.1,MR.2`: children of any of these checklists only; without it, of the taxon's own */
  checklist: checklistList.optional(),
});

const paging = { page: pageParam, pageSize: pageSizeParam, sortOrder: sortOrderParam };

export const taxaPageQuery = z.object({ ...scopeQuery, ...paging, ...fieldSelectionQuery });
export const taxaGetPageQuery = taxaPageQuery.extend(simpleFilters);

/** An export: the page routes' parameters without paging or sorting (always taxonomic order), and its format. */
export const taxaExportQuery = z.object({ ...scopeQuery, ...fieldSelectionQuery, format: exportFormatParam });
export const taxaGetExportQuery = taxaExportQuery.extend(simpleFilters);

export const aggregationQuery = {
  aggregateBy: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  aggregateSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .default(DEFAULT_AGGREGATE_SIZE),
};

export const taxaAggregateQuery = z.object({ ...scopeQuery, ...aggregationQuery });
export const taxaGetAggregateQuery = taxaAggregateQuery.extend(simpleFilters);

export type SimpleFilters = { [K in keyof typeof simpleFilters]: z.infer<(typeof simpleFilters)[K]> };

/** The POST filter body, for the OpenAPI document (the parser in src/query names bad keys). */
export const filterBodySchema = z
  .object(
    Object.fromEntries(
      [...FILTER_KEYS].map(([key, kind]) => [
        key,
        (kind === 'boolean' ? z.boolean() : z.union([z.string(), z.array(z.string())])).optional(),
      ]),
    ),
  )
  .strict()
  .describe('Filters: dot paths of the taxon document. "!value" excludes, an array is an OR, keys combine with AND.');
