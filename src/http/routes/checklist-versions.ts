/**
 * The checklist versions loaded: GET /checklist-versions and /checklist-versions/{id}, also under
 * the older spelling `/checklistVersions` that clients of the real API still call (deprecated there).
 * `current` is the default a request reads, not a version: it is not listed, as the real API lists
 * only the dated versions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { commaList, languageOnlyQuery, languageQuery, pageParam, pageSizeParam } from '../schemas/common.ts';
import { pageOfList } from '../../service/page.ts';
import { AppError } from '../../errors.ts';
import { CURRENT_VERSION, type ChecklistVersion } from '../../taxon/catalog.ts';
import { ERROR_ANSWERS, pageAnswer, versionAnswer, type VersionAnswer } from '../schemas/responses.ts';
import { languageOf, listContext, schemaContext } from '../answers/shape.ts';
import { translate } from '../answers/translate.ts';

const KIND = 'checklistVersion';
const tags = ['checklist versions'];

const pageQuery = z.object({ ...languageQuery, page: pageParam, pageSize: pageSizeParam, idIn: commaList.optional() });

export const checklistVersionRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  for (const base of ['/checklist-versions', '/checklistVersions']) {
    const deprecated = base !== '/checklist-versions' ? { deprecated: true } : {};
    app.get(base, {
      schema: {
        summary: 'A page of the checklist versions that can be queried besides current, the default (those of idIn)',
        tags,
        ...deprecated,
        querystring: pageQuery,
        response: { 200: pageAnswer(versionAnswer, 'The versions loaded'), ...ERROR_ANSWERS },
      },
      handler: async (request) => {
        const language = languageOf(request);
        const shape = (version: ChecklistVersion) => translate(version, language) as VersionAnswer;
        const versions = (await catalog.versions()).filter((version) => version.id !== CURRENT_VERSION);
        const page = pageOfList(versions, request.query, shape);
        return { ...page, '@context': listContext(page.results.length, schemaContext(KIND, language)) };
      },
    });
    app.get(`${base}/:id`, {
      schema: {
        summary: 'One checklist version',
        tags,
        ...deprecated,
        params: z.object({ id: z.string().trim().min(1) }),
        querystring: languageOnlyQuery,
        response: { 200: versionAnswer, ...ERROR_ANSWERS },
      },
      handler: async (request) => {
        const language = languageOf(request);
        const { id } = request.params;
        if (id === CURRENT_VERSION)
          throw new AppError('NOT_FOUND', `'${id}' is the default of checklistVersion, not a checklist version`);
        const version = translate(await catalog.version(id), language) as VersionAnswer;
        return { ...version, '@context': schemaContext(KIND, language) };
      },
    });
  }
};
