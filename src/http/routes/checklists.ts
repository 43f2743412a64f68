/**
 * The checklists the data directory declares: GET /checklists (the public ones) and
 * /checklists/{id} (any), each as the real API answers it (its citation as
 * `dc:bibliographicCitation`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { pageOfList } from '../../service/page.ts';
import type { Checklist } from '../../taxon/catalog.ts';
import { commaList, languageOnlyQuery, languageQuery, pageParam, pageSizeParam } from '../schemas/common.ts';
import { checklistAnswer, ERROR_ANSWERS, pageAnswer, type ChecklistAnswer } from '../schemas/responses.ts';
import { languageOf, listContext, schemaContext, withKeys } from '../answers/shape.ts';
import { translate } from '../answers/translate.ts';

const KIND = 'checklist';
const tags = ['checklists'];

/** The keys of a checklist answered, in order: what `selectedFields` may name. */
const CHECKLIST_KEYS = ['id', 'name', 'owner', 'rootTaxon', 'isPublic', 'dc:bibliographicCitation'] as const;

const pageQuery = z.object({
  ...languageQuery,
  page: pageParam,
  pageSize: pageSizeParam,
  idIn: commaList.optional(),
  selectedFields: commaList
    .refine((fields) => fields.every((field) => (CHECKLIST_KEYS as readonly string[]).includes(field)), {
      message: `must name fields of ${CHECKLIST_KEYS.join(', ')}`,
    })
    .optional(),
});

/** A checklist as answered, with only `selected` of its keys when some are named (none named: all, as for taxa). */
function answered({ bibliographicCitation, ...rest }: Checklist, selected?: readonly string[]): ChecklistAnswer {
  const whole: Record<string, unknown> = {
    ...rest,
    ...(bibliographicCitation === undefined ? {} : { 'dc:bibliographicCitation': bibliographicCitation }),
  };
  return withKeys(whole, selected) as ChecklistAnswer;
}

export const checklistRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get('/checklists', {
    schema: {
      summary: 'A page of the checklists the taxa belong to (those of idIn)',
      tags,
      querystring: pageQuery,
      response: {
        200: pageAnswer(checklistAnswer.partial(), 'The checklists declared, with the fields selected'),
        ...ERROR_ANSWERS,
      },
    },
    handler: async (request) => {
      const language = languageOf(request);
      const { selectedFields } = request.query;
      const shape = (checklist: Checklist) =>
        translate(answered(checklist, selectedFields), language) as ChecklistAnswer;
      // Only the public ones are listed, as the real API lists them; one that does not say is.
      const listed = (await catalog.checklists()).filter((checklist) => checklist.isPublic !== false);
      const page = pageOfList(listed, request.query, shape);
      return { ...page, '@context': listContext(page.results.length, schemaContext(KIND, language)) };
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
      const checklist = translate(answered(await catalog.checklist(request.params.id)), language) as ChecklistAnswer;
      return { ...checklist, '@context': schemaContext(KIND, language) };
    },
  });
};
