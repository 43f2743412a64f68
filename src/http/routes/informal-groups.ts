/** Informal taxon groups: page, one, roots, tree, children, parent, siblings. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CatalogService } from '../../service/catalog-service.ts';
import { pageOf } from '../../service/page.ts';
import type { InformalTaxonGroup } from '../../taxon/catalog.ts';
import { registerRoute, type RouteDescription } from '../route.ts';
import { pageParam, pageSizeParam } from '../schemas/common.ts';
import { languageOf } from '../shape.ts';
import { translate, type ResponseLanguage } from '../translate.ts';

const CONTEXT = 'http://schema.laji.fi/context/informalTaxonGroup.jsonld';
const pageQuery = z.object({ page: pageParam, pageSize: pageSizeParam });
const groupParams = z.object({ id: z.string().trim().min(1) });

function paged(groups: readonly InformalTaxonGroup[], query: z.infer<typeof pageQuery>, language: ResponseLanguage) {
  const start = (query.page - 1) * query.pageSize;
  const results = groups.slice(start, start + query.pageSize).map((g) => translate(g, language));
  return { ...pageOf(results, query.page, query.pageSize, groups.length), '@context': CONTEXT };
}

export function registerInformalGroupRoutes(app: FastifyInstance, registry: RouteDescription[], catalog: CatalogService) {
  const base = '/informal-taxon-groups';
  const tags = ['informal taxon groups'];
  const groups = () => catalog.groups();

  registerRoute(app, registry, {
    method: 'GET', url: base, summary: 'A page of informal taxon groups', tags, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ query }, request) => paged((await groups()).all, query, languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/roots`, summary: 'Groups that are no group\'s subgroup', tags, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ query }, request) => paged((await groups()).roots, query, languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/tree`, summary: 'The group hierarchy, subgroups nested', tags,
    response: '{results: [{id, name, hasSubGroup?: [...]}]}',
    handler: async (_input, request) => ({ results: translate((await groups()).tree, languageOf(request)), '@context': CONTEXT }),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id`, summary: 'One group', tags, params: groupParams, response: 'the group',
    handler: async ({ params }, request) => translate((await groups()).find(params.id), languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/children`, summary: 'Subgroups of a group', tags, params: groupParams, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ params, query }, request) => paged((await groups()).children(params.id), query, languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/parent`, summary: 'The parent group (404 for a root)', tags, params: groupParams,
    response: 'the parent group',
    handler: async ({ params }, request) => translate((await groups()).parent(params.id), languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/siblings`, summary: 'Groups with the same parent, the group included', tags,
    params: groupParams, query: pageQuery, response: 'page envelope of groups',
    handler: async ({ params, query }, request) => paged((await groups()).siblings(params.id), query, languageOf(request)),
  });
}
