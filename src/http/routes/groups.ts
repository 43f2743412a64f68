/**
 * Group hierarchies, informal taxon groups and red-list evaluation groups alike: page, one,
 * roots, tree, children, parent, siblings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService, GroupHierarchy } from '../../service/catalog-service.ts';
import { pageOfList } from '../../service/page.ts';
import {
  commaList,
  languageOnlyQuery,
  languageQuery,
  pageParam,
  pageSizeParam,
  selectedFieldsParam,
  unpagedListQuery,
} from '../schemas/common.ts';
import {
  ERROR_ANSWERS,
  groupAnswer,
  groupTreeAnswer,
  listAnswer,
  pageAnswer,
  redListGroupAnswer,
  redListGroupTreeAnswer,
  type GroupAnswer,
} from '../schemas/responses.ts';
import { languageOf, listContext, schemaContext, withKeys } from '../answers/shape.ts';
import { translate, type ResponseLanguage } from '../answers/translate.ts';

const pageQuery = z.object({
  ...languageQuery,
  page: pageParam,
  pageSize: pageSizeParam,
  idIn: commaList.optional(),
  selectedFields: selectedFieldsParam,
});
const groupParams = z.object({ id: z.string().trim().min(1) });

/** One kind of group as it is served. */
interface GroupRoutes<K extends string, G extends { id: string }> {
  /** the routes' path, `/informal-taxon-groups` */
  base: string;
  /** the kind of the JSON-LD context (`schemaContext`) */
  context: string;
  /** the groups in plural, lower case: the tag and the page's summary */
  plural: string;
  answer: z.ZodType;
  tree: z.ZodType;
  hierarchy(catalog: CatalogService): Promise<GroupHierarchy<K, G>>;
}

function groupRoutes<K extends string, G extends { id: string }>(
  spec: GroupRoutes<K, G>,
): FastifyPluginAsyncZod<{ catalog: CatalogService }> {
  const { base, plural } = spec;
  const tags = [plural];
  const pageResponse = { 200: pageAnswer(spec.answer, `A page of ${plural}`), ...ERROR_ANSWERS };
  const listResponse = {
    200: listAnswer(spec.answer, `${plural[0]!.toUpperCase()}${plural.slice(1)}`),
    ...ERROR_ANSWERS,
  };
  const groupResponse = { 200: spec.answer, ...ERROR_ANSWERS };
  const contextOf = (language: ResponseLanguage) => schemaContext(spec.context, language);

  /** The page of groups `query` asks for: those of `idIn` (all when absent), with `selectedFields` only. */
  const paged = (groups: readonly G[], query: z.infer<typeof pageQuery>, language: ResponseLanguage) => {
    const shape = (group: G) => translate(withKeys(group, query.selectedFields), language) as GroupAnswer;
    const page = pageOfList(groups, query, shape);
    return { ...page, '@context': listContext(page.results.length, contextOf(language)) };
  };

  /** One group, with its context. */
  const alone = (group: G, language: ResponseLanguage) => ({
    ...(translate(group, language) as GroupAnswer),
    '@context': contextOf(language),
  });

  /** Groups (or trees of them) as an unpaged list: `{results, @context}`. */
  const listed = (groups: readonly object[], language: ResponseLanguage) => {
    const results = translate(groups, language) as GroupAnswer[];
    return { results, '@context': listContext(results.length, contextOf(language)) };
  };

  return async (app, { catalog }) => {
    const groups = () => spec.hierarchy(catalog);
    app.get(base, {
      schema: { summary: `A page of ${plural}`, tags, querystring: pageQuery, response: pageResponse },
      handler: async (request) => paged((await groups()).all, request.query, languageOf(request)),
    });
    app.get(`${base}/roots`, {
      schema: {
        summary: "Groups that are no group's subgroup",
        tags,
        querystring: unpagedListQuery,
        response: listResponse,
      },
      handler: async (request) => listed((await groups()).roots, languageOf(request)),
    });
    app.get(`${base}/tree`, {
      schema: {
        summary: 'The group hierarchy, subgroups nested',
        tags,
        querystring: unpagedListQuery,
        response: { 200: listAnswer(spec.tree, 'The root groups, their subgroups nested'), ...ERROR_ANSWERS },
      },
      handler: async (request) => listed((await groups()).tree, languageOf(request)),
    });
    app.get(`${base}/:id`, {
      schema: {
        summary: 'One group',
        tags,
        params: groupParams,
        querystring: languageOnlyQuery,
        response: groupResponse,
      },
      handler: async (request) => alone((await groups()).find(request.params.id), languageOf(request)),
    });
    app.get(`${base}/:id/children`, {
      schema: {
        summary: 'Subgroups of a group',
        tags,
        params: groupParams,
        querystring: unpagedListQuery,
        response: listResponse,
      },
      handler: async (request) => listed((await groups()).children(request.params.id), languageOf(request)),
    });
    app.get(`${base}/:id/parent`, {
      schema: {
        summary: 'The parent group (404 for a root)',
        tags,
        params: groupParams,
        querystring: languageOnlyQuery,
        response: groupResponse,
      },
      handler: async (request) => alone((await groups()).parent(request.params.id), languageOf(request)),
    });
    app.get(`${base}/:id/siblings`, {
      schema: {
        summary: 'Groups with the same parent, the group included',
        tags,
        params: groupParams,
        querystring: unpagedListQuery,
        response: listResponse,
      },
      handler: async (request) => listed((await groups()).siblings(request.params.id), languageOf(request)),
    });
  };
}

export const informalGroupRoutes = groupRoutes({
  base: '/informal-taxon-groups',
  context: 'informalTaxonGroup',
  plural: 'informal taxon groups',
  answer: groupAnswer,
  tree: groupTreeAnswer,
  hierarchy: (catalog) => catalog.groups(),
});

/** Red-list evaluation groups, served as informal groups are, their subgroups in `hasIucnSubGroup`. */
export const redListGroupRoutes = groupRoutes({
  base: '/red-list-evaluation-groups',
  context: 'iucnRedListTaxonGroup',
  plural: 'red-list evaluation groups',
  answer: redListGroupAnswer,
  tree: redListGroupTreeAnswer,
  hierarchy: (catalog) => catalog.redListGroups(),
});
