/** Comparing versions: GET/POST /taxa/changes and /taxa/changes/aggregate, GET /taxa/{id}/history. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aggregationRequest } from '../../../query/aggregate.ts';
import { CHANGE_FILTER_KEYS, SIDES, type ChangesScope } from '../../../query/changes-request.ts';
import { parseFilterBody } from '../../../query/filter-body.ts';
import { and } from '../../../query/nodes/index.ts';
import type { ChangesService } from '../../../service/changes-service.ts';
import type { ChangeRecord } from '../../../taxon/changes.ts';
import {
  changeAnswer,
  changesAggregateQuery,
  changesExportQuery,
  changesFilterBodySchema,
  changesPageQuery,
  historyAnswer,
  type ChangesScopeQuery,
} from '../../schemas/changes.ts';
import { taxonParams } from '../../schemas/taxa.ts';
import { aggregateAnswer, ERROR_ANSWERS, pageAnswer } from '../../schemas/responses.ts';
import { exportAnswer, exportColumns, type ExportSlots, sendExport } from '../../answers/export.ts';
import { languageOf, shapeTaxon } from '../../answers/shape.ts';
import type { ResponseLanguage } from '../../answers/translate.ts';

export interface ChangesRouteOptions {
  changes: ChangesService;
  exportSlots: ExportSlots;
}

/** The CSV columns of a change export when `selectedFields` names none (docs/api.md, "Bulk export"). */
export const DEFAULT_CHANGE_COLUMNS = [
  'id',
  'changeTypes',
  'fields',
  'from.scientificName',
  'to.scientificName',
  'from.taxonRank',
  'to.taxonRank',
  'differences',
] as const;

function scopeOf(query: ChangesScopeQuery): Omit<ChangesScope, 'since'> {
  return {
    changeTypes: query.changeType,
    fields: query.field,
    informalTaxonGroups: query.informalTaxonGroups,
    ...(query.parentTaxonId !== undefined ? { parentTaxonId: query.parentTaxonId } : {}),
    ...(query.species !== undefined ? { species: query.species } : {}),
    ...(query.finnish !== undefined ? { finnish: query.finnish } : {}),
  };
}

/** The taxon of each side in the answer language, with the fields selected under that side. */
function shapeRecord(record: Partial<ChangeRecord<object>>, language: ResponseLanguage, selected?: readonly string[]) {
  const out: Record<string, unknown> = { ...record };
  for (const side of SIDES) {
    const taxon = record[side];
    if (taxon === undefined) continue;
    const prefix = `${side}.`;
    const fields = selected?.some((f) => f === side)
      ? undefined
      : selected?.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
    out[side] = shapeTaxon(taxon, language, fields?.length ? { selectedFields: fields } : {});
  }
  return out;
}

/** A taxon in every loaded version: `GET /taxa/{id}/history`. */
function historyRoute(app: Parameters<FastifyPluginAsyncZod>[0], changes: ChangesService): void {
  app.get('/taxa/:id/history', {
    schema: {
      summary: 'A taxon in every loaded version, oldest first, with what changed at each step',
      tags: ['changes'],
      params: taxonParams,
      response: { 200: historyAnswer, ...ERROR_ANSWERS },
    },
    handler: async (request) => {
      const language = languageOf(request);
      const steps = await changes.history(request.params.id);
      return {
        id: request.params.id,
        history: steps.map(({ version, taxon, change }) => ({
          version,
          ...(taxon ? { taxon: shapeTaxon(taxon, language) } : { absent: true as const }),
          ...(change
            ? { change: { changeTypes: change.changeTypes!, fields: change.fields!, differences: change.differences! } }
            : {}),
        })),
      };
    },
  });
}

export const changesRoutes: FastifyPluginAsyncZod<ChangesRouteOptions> = async (app, { changes, exportSlots }) => {
  historyRoute(app, changes);

  for (const method of ['GET', 'POST'] as const) {
    const body = method === 'POST' ? { body: changesFilterBodySchema } : {};
    const filterOf = (raw: unknown) => (method === 'POST' ? parseFilterBody(raw, CHANGE_FILTER_KEYS) : and.build([]));

    app.route({
      method,
      url: '/taxa/changes',
      schema: {
        summary: 'What changed between two checklist versions: one record per taxon that differs',
        tags: ['changes'],
        querystring: changesPageQuery,
        ...body,
        response: { 200: pageAnswer(changeAnswer, 'A page of change records, in taxonomic order'), ...ERROR_ANSWERS },
      },
      handler: async (request) => {
        const q = request.query;
        const page = await changes.page(
          { from: q.from, to: q.to },
          {
            scope: scopeOf(q),
            filter: filterOf(request.body),
            page: q.page,
            pageSize: q.pageSize,
            ...(q.selectedFields ? { selectedFields: q.selectedFields } : {}),
          },
        );
        const language = languageOf(request);
        return {
          ...page,
          results: page.results.map(
            (record) => shapeRecord(record, language, q.selectedFields) as typeof record & { id: string },
          ),
        };
      },
    });

    app.route({
      method,
      url: '/taxa/changes/export',
      config: { answerCache: false },
      schema: {
        summary: 'Every change record between two checklist versions of the filtered set, streamed',
        tags: ['changes'],
        querystring: changesExportQuery,
        ...body,
        response: {
          200: exportAnswer(
            changeAnswer,
            'The change records in taxonomic order, in the format asked for, as an attachment',
          ),
          ...ERROR_ANSWERS,
        },
      },
      handler: async (request, reply) => {
        const q = request.query;
        const columns = exportColumns(q.selectedFields, q.format, DEFAULT_CHANGE_COLUMNS);
        const selectedFields = columns.length > 0 ? columns : undefined;
        const chunks = () =>
          changes.exportChunks(
            { from: q.from, to: q.to },
            { scope: scopeOf(q), filter: filterOf(request.body), ...(selectedFields ? { selectedFields } : {}) },
          );
        const language = languageOf(request);
        return sendExport(reply, exportSlots, chunks, {
          format: q.format,
          fileName: ['changes', q.from, q.to],
          shape: (record) => shapeRecord(record, language, selectedFields),
          columns,
        });
      },
    });

    app.route({
      method,
      url: '/taxa/changes/aggregate',
      schema: {
        summary: 'Aggregate the change records between two versions by record paths',
        tags: ['changes'],
        querystring: changesAggregateQuery,
        ...body,
        response: { 200: aggregateAnswer, ...ERROR_ANSWERS },
      },
      handler: async (request) => {
        const q = request.query;
        const specs = aggregationRequest(q.aggregateBy, q.aggregateSize, CHANGE_FILTER_KEYS);
        return changes.aggregate(
          { from: q.from, to: q.to },
          scopeOf(q),
          filterOf(request.body),
          specs,
          q.aggregateSize,
        );
      },
    });
  }
};
