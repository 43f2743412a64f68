/** Bulk export of taxa: GET/POST /taxa/export, /taxa/species/export and /taxa/{id}/species/export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { speciesUnder } from '../../../query/taxa-request.ts';
import { exportAnswer, exportColumns, type ExportSlots, sendExport } from '../../answers/export.ts';
import { ERROR_ANSWERS, taxonAnswer } from '../../schemas/responses.ts';
import { filterBodySchema, taxaExportQuery, taxaGetExportQuery, taxonParams } from '../../schemas/taxa.ts';
import { languageOf, taxonShaper } from '../../answers/shape.ts';
import { queryAndBodyFilter, requestFilter, scopeOf, selectionOf, type TaxaRouteOptions } from './context.ts';

/** The CSV columns when `selectedFields` names none (docs/api.md, "Bulk export"). */
export const DEFAULT_TAXON_COLUMNS = [
  'id',
  'scientificName',
  'scientificNameAuthorship',
  'taxonRank',
  'vernacularName',
  'finnish',
  'informalTaxonGroups',
  'parent.order.scientificName',
  'parent.family.scientificName',
  'latestRedListStatusFinland.status',
] as const;

const EXPORTS: { url: string; summary: string; name: string; speciesOnly: boolean; under: boolean }[] = [
  {
    url: '/taxa/export',
    summary: 'Every taxon of the filtered set, streamed',
    name: 'taxa',
    speciesOnly: false,
    under: false,
  },
  {
    url: '/taxa/species/export',
    summary: 'Every species-level taxon of the filtered set, streamed',
    name: 'species',
    speciesOnly: true,
    under: false,
  },
  {
    url: '/taxa/:id/species/export',
    summary: 'Every species under a taxon of the filtered set, streamed',
    name: 'species',
    speciesOnly: true,
    under: true,
  },
];

const response = {
  200: exportAnswer(taxonAnswer, 'The taxa in taxonomic order, in the format asked for, as an attachment'),
  ...ERROR_ANSWERS,
};

export const taxaExportRoutes: FastifyPluginAsyncZod<TaxaRouteOptions & { exportSlots: ExportSlots }> = async (
  app,
  { taxa, exportSlots },
) => {
  for (const method of ['GET', 'POST'] as const) {
    for (const { url, summary, name, speciesOnly, under } of EXPORTS) {
      // Under a taxon, POST takes the simple filters in the query too (as its page route does).
      const querystring = method === 'GET' || under ? taxaGetExportQuery : taxaExportQuery;
      const parts = {
        ...(under ? { params: taxonParams } : {}),
        ...(method === 'POST' ? { body: filterBodySchema } : {}),
      };
      app.route({
        method,
        url,
        schema: { summary, tags: ['taxa'], querystring, ...parts, response },
        handler: async (request, reply) => {
          const q = request.query;
          const id = under ? (request.params as { id: string }).id : undefined;
          const columns = exportColumns(q.selectedFields, q.format, DEFAULT_TAXON_COLUMNS);
          const fields = selectionOf(columns.length > 0 ? { ...q, selectedFields: columns } : q);
          const asked = { ...scopeOf(q), speciesOnly };
          // Under a taxon, the simple filters in the query hold on POST too, as on its page route.
          const { scope, filter } =
            id === undefined
              ? { scope: asked, filter: requestFilter(method, q, request.body) }
              : speciesUnder(id, asked, queryAndBodyFilter(method, q, request.body));
          const chunks = () => taxa.exportChunks(q.checklistVersion, { filter, scope, fields });
          return sendExport(reply, exportSlots, chunks, {
            format: q.format,
            fileName: [name, ...(id !== undefined ? [id] : []), q.checklistVersion],
            shape: taxonShaper(languageOf(request), fields),
            columns,
          });
        },
      });
    }
  }
};
