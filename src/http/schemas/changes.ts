/** Request and answer schemas of the change routes (docs/api.md, "Comparing versions"). */
import { z } from 'zod';
import { CHANGE_TYPES } from '../../taxon/changes.ts';
import { FILTER_KEYS } from '../../taxon/fields.ts';
import { commaList, languageQuery, listFilterParam, optionalBooleanParam, pageParam, pageSizeParam } from './common.ts';
import { exportFormatParam } from '../answers/export.ts';
import { taxonAnswer } from './responses.ts';
import { aggregationQuery } from './taxa.ts';

/** A record path `selectedFields` may name: the record's own fields, or any path under `from` or `to`. */
const RECORD_PATH = /^(id|changeTypes|fields|differences|from|to|(from|to)\.[A-Za-z0-9_.]+)$/;

const versionPair = {
  from: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  to: z.string().trim().min(1).default('current'),
};

const changeTypeList = listFilterParam.refine(
  (list) => [...list.include, ...list.exclude].every((type) => (CHANGE_TYPES as readonly string[]).includes(type)),
  { message: `must be a comma-separated list of ${CHANGE_TYPES.join(', ')} (each may start with !)` },
);

const scope = {
  ...languageQuery,
  ...versionPair,
  changeType: changeTypeList,
  field: listFilterParam,
  parentTaxonId: z.string().trim().min(1).optional(),
  informalTaxonGroups: listFilterParam,
  species: optionalBooleanParam,
  finnish: optionalBooleanParam,
};

const recordPaths = commaList
  .refine((fields) => fields.every((f) => RECORD_PATH.test(f)), {
    message: 'must be a comma-separated list of record paths (changeTypes, to.scientificName, ...)',
  })
  .optional();

export const changesPageQuery = z.object({
  ...scope,
  page: pageParam,
  pageSize: pageSizeParam,
  selectedFields: recordPaths,
  sortOrder: z.enum(['taxonomic'], { error: 'must be taxonomic' }).default('taxonomic'),
});

/** An export of change records: the page route's parameters without paging, and its format. */
export const changesExportQuery = z.object({ ...scope, selectedFields: recordPaths, format: exportFormatParam });

export const changesAggregateQuery = z.object({ ...scope, ...aggregationQuery });

export type ChangesScopeQuery = Pick<z.infer<typeof changesPageQuery>, keyof typeof scope>;

// The list form first: the value form's keys are all optional, so it would take a list difference too, without its lists.
const difference = z.union([
  z.object({ field: z.string(), added: z.array(z.unknown()), removed: z.array(z.unknown()) }),
  z.object({ field: z.string(), from: z.unknown().optional(), to: z.unknown().optional() }),
]);

export const changeAnswer = z
  .object({
    id: z.string().describe('the taxon id'),
    changeTypes: z.array(z.enum(CHANGE_TYPES)).optional(),
    fields: z.array(z.string()).optional().describe('the dot paths that differ'),
    differences: z.array(difference).optional(),
    from: taxonAnswer.optional().describe('the taxon in the older version (absent when added)'),
    to: taxonAnswer.optional().describe('the taxon in the newer version (absent when removed)'),
  })
  .describe('A change record: what differs for one taxon between the two versions');

/** The POST body, for the OpenAPI document (the parser in src/query names bad keys): the record's paths. */
export const changesFilterBodySchema = z
  .object(
    Object.fromEntries([
      ...['id', 'changeTypes', 'fields'].map((key) => [key, z.union([z.string(), z.array(z.string())]).optional()]),
      ...['from', 'to'].flatMap((side) =>
        [...FILTER_KEYS].map(([key, kind]) => [
          `${side}.${key}`,
          (kind === 'boolean' ? z.boolean() : z.union([z.string(), z.array(z.string())])).optional(),
        ]),
      ),
    ]),
  )
  .strict()
  .describe(
    'Filters over the record: changeTypes, fields, id, and the taxon in either version (from.<path>, to.<path>); "!" excludes, arrays are OR',
  );

export const historyAnswer = z
  .object({
    id: z.string(),
    history: z.array(
      z.object({
        version: z.string(),
        taxon: taxonAnswer.optional().describe('the taxon in this version'),
        absent: z.literal(true).optional().describe('the version does not have the taxon'),
        change: z
          .object({
            changeTypes: z.array(z.enum(CHANGE_TYPES)),
            fields: z.array(z.string()),
            differences: z.array(difference),
          })
          .optional()
          .describe('what changed since the version before; absent when nothing did'),
      }),
    ),
  })
  .describe('A taxon through every loaded version, oldest first');
