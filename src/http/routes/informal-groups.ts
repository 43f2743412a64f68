/** Informal taxon groups: page, one, roots, tree, children, parent, siblings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { pageOfList } from '../../service/page.ts';
import type { InformalTaxonGroup } from '../../taxon/catalog.ts';
import {
  commaList,
  languageOnlyQuery,
  languageQuery,
  pageParam,
  pageSizeParam,
  selectedFieldsParam,
} from '../schemas/common.ts';
import {
  ERROR_ANSWERS,
  groupAnswer,
  groupTreeAnswer,
  listAnswer,
  pageAnswer,
  type GroupAnswer,
} from '../schemas/responses.ts';
import { languageOf, listContext, schemaContext } from '../shape.ts';
import { translate, type ResponseLanguage } from '../translate.ts';

const KIND = 'informalTaxonGroup';
const pageQuery = z.object({
  ...languageQuery,
  page: pageParam,
  pageSize: pageSizeParam,
  idIn: commaList.optional(),
  selectedFields: selectedFieldsParam,
});
const groupParams = z.object({ id: z.string().trim().min(1) });
const tags = ['informal taxon groups'];
const pageResponse = { 200: pageAnswer(groupAnswer, 'A page of informal taxon groups'), ...ERROR_ANSWERS };
const listResponse = { 200: listAnswer(groupAnswer, 'Informal taxon groups'), ...ERROR_ANSWERS };
const groupResponse = { 200: groupAnswer, ...ERROR_ANSWERS };

/** The page of groups `query` asks for: those of `idIn` (all when absent), with `selectedFields` only. */
function paged(groups: readonly InformalTaxonGroup[], query: z.infer<typeof pageQuery>, language: ResponseLanguage) {
  const shape = (group: InformalTaxonGroup) =>
    translate(selected(group, query.selectedFields), language) as GroupAnswer;
  const page = pageOfList(groups, query, shape);
  return { ...page, '@context': listContext(page.results.length, schemaContext(KIND, language)) };
}

function selected(group: InformalTaxonGroup, fields: readonly string[] | undefined): Partial<InformalTaxonGroup> {
  if (fields === undefined) return group;
  return Object.fromEntries(Object.entries(group).filter(([key]) => fields.includes(key)));
}

/** Groups as an unpaged list: `{results, @context}`. */
function listed(groups: readonly InformalTaxonGroup[], language: ResponseLanguage) {
  const results = groups.map((group) => translate(group, language) as GroupAnswer);
  return { results, '@context': listContext(results.length, schemaContext(KIND, language)) };
}

export const informalGroupRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const base = '/informal-taxon-groups';
  const groups = () => catalog.groups();
  app.get(base, {
    schema: { summary: 'A page of informal taxon groups', tags, querystring: pageQuery, response: pageResponse },
    handler: async (request) => paged((await groups()).all, request.query, languageOf(request)),
  });
  app.get(`${base}/roots`, {
    schema: {
      summary: "Groups that are no group's subgroup",
      tags,
      querystring: languageOnlyQuery,
      response: listResponse,
    },
    handler: async (request) => listed((await groups()).roots, languageOf(request)),
  });
  app.get(`${base}/tree`, {
    schema: {
      summary: 'The group hierarchy, subgroups nested',
      tags,
      querystring: languageOnlyQuery,
      response: { 200: listAnswer(groupTreeAnswer, 'The root groups, their subgroups nested'), ...ERROR_ANSWERS },
    },
    handler: async (request) => {
      const language = languageOf(request);
      const results = translate((await groups()).tree, language) as z.infer<typeof groupTreeAnswer>[];
      return { results, '@context': listContext(results.length, schemaContext(KIND, language)) };
    },
  });
  app.get(`${base}/:id`, {
    schema: {
      summary: 'One group',
      tags,
      params: groupParams,
      querystring: languageOnlyQuery,
      response: groupResponse,
    },
    handler: async (request) => {
      const language = languageOf(request);
      const group = translate((await groups()).find(request.params.id), language) as GroupAnswer;
      return { ...group, '@context': schemaContext(KIND, language) };
    },
  });
  app.get(`${base}/:id/children`, {
    schema: {
      summary: 'Subgroups of a group',
      tags,
      params: groupParams,
      querystring: languageOnlyQuery,
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
    handler: async (request) =>
      translate((await groups()).parent(request.params.id), languageOf(request)) as GroupAnswer,
  });
  app.get(`${base}/:id/siblings`, {
    schema: {
      summary: 'Groups with the same parent, the group included',
      tags,
      params: groupParams,
      querystring: languageOnlyQuery,
      response: listResponse,
    },
    handler: async (request) => listed((await groups()).siblings(request.params.id), languageOf(request)),
  });
};
