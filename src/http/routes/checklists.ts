/** The checklists the data directory declares: GET /checklists and /checklists/{id}. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { pageOfList } from '../../service/page.ts';
import type { Checklist } from '../../taxon/catalog.ts';
import { commaList, languageOnlyQuery, languageQuery, pageParam, pageSizeParam } from '../schemas/common.ts';
import { checklistAnswer, ERROR_ANSWERS, pageAnswer, type ChecklistAnswer } from '../schemas/responses.ts';
import { languageOf, listContext, schemaContext } from '../shape.ts';
import { translate } from '../translate.ts';

const KIND = 'checklist';
const tags = ['checklists'];

const pageQuery = z.object({ ...languageQuery, page: pageParam, pageSize: pageSizeParam, idIn: commaList.optional() });

export const checklistRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get('/checklists', {
    schema: {
      summary: 'A page of the checklists the taxa belong to (those of idIn)',
      tags,
      querystring: pageQuery,
      response: { 200: pageAnswer(checklistAnswer, 'The checklists declared'), ...ERROR_ANSWERS },
    },
    handler: async (request) => {
      const language = languageOf(request);
      const shape = (checklist: Checklist) => translate(checklist, language) as ChecklistAnswer;
      const page = pageOfList(await catalog.checklists(), request.query, shape);
      return { ...page, '@context': listContext(KIND, language, page.results.length) };
    },
  });
  app.get('/checklists/:id', {
    schema: {
      summary: 'One checklist',
      tags,
      params: z.object({ id: z.string().trim().min(1) }),
      querystring: languageOnlyQuery,
      response: { 200: checklistAnswer, ...ERROR_ANSWERS },
    },
    handler: async (request) => {
      const language = languageOf(request);
      const checklist = translate(await catalog.checklist(request.params.id), language) as ChecklistAnswer;
      return { ...checklist, '@context': schemaContext(KIND, language) };
    },
  });
};
