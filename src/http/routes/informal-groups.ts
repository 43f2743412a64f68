/** Informal taxon groups: page, one, roots, tree, children, parent, siblings. */
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { SearchEngine } from '../../index/engine.ts';
import type { InformalTaxonGroup } from '../../taxon/catalog.ts';
import { pageOf } from '../../service/page.ts';
import { translate, type ResponseLanguage } from '../translate.ts';
import { registerRoute, type RouteDescription } from '../route.ts';
import { pageParam, pageSizeParam } from '../schemas/common.ts';
import { languageOf } from '../shape.ts';
import type { FastifyInstance } from 'fastify';

const CONTEXT = 'http://schema.laji.fi/context/informalTaxonGroup.jsonld';
const pageQuery = z.object({ page: pageParam, pageSize: pageSizeParam });
const groupParams = z.object({ id: z.string().trim().min(1) });

interface GroupTree {
  id: string;
  name: unknown;
  hasSubGroup?: GroupTree[];
}

function paged(groups: InformalTaxonGroup[], query: z.infer<typeof pageQuery>, language: ResponseLanguage) {
  const start = (query.page - 1) * query.pageSize;
  const results = groups.slice(start, start + query.pageSize).map((g) => translate(g, language));
  return { ...pageOf(results, query.page, query.pageSize, groups.length), '@context': CONTEXT };
}

function groupIndex(groups: InformalTaxonGroup[]) {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const parentOf = new Map<string, InformalTaxonGroup>();
  for (const group of groups) for (const sub of group.hasSubGroup ?? []) parentOf.set(sub, group);
  const find = (id: string) => {
    const group = byId.get(id);
    if (!group) throw new AppError('NOT_FOUND', `Informal taxon group '${id}' not found`);
    return group;
  };
  const roots = groups.filter((g) => !parentOf.has(g.id));
  return { byId, parentOf, find, roots };
}

function treeOf(group: InformalTaxonGroup, byId: Map<string, InformalTaxonGroup>, language: ResponseLanguage): GroupTree {
  const subs = (group.hasSubGroup ?? []).map((id) => byId.get(id)).filter((g) => g !== undefined);
  const node: GroupTree = { id: group.id, name: translate(group.name, language) };
  if (subs.length > 0) node.hasSubGroup = subs.map((sub) => treeOf(sub, byId, language));
  return node;
}

export function registerInformalGroupRoutes(app: FastifyInstance, registry: RouteDescription[], engine: SearchEngine) {
  const groups = async () => groupIndex((await engine.catalog()).informalTaxonGroups);
  const base = '/informal-taxon-groups';
  const tags = ['informal taxon groups'];

  registerRoute(app, registry, {
    method: 'GET', url: base, summary: 'A page of informal taxon groups', tags, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ query }, request) => paged((await engine.catalog()).informalTaxonGroups, query, languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/roots`, summary: 'Groups that are no group\'s subgroup', tags, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ query }, request) => paged((await groups()).roots, query, languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/tree`, summary: 'The group hierarchy, subgroups nested', tags,
    response: '{results: [{id, name, hasSubGroup?: [...]}]}',
    handler: async (_input, request) => {
      const { roots, byId } = await groups();
      return { results: roots.map((root) => treeOf(root, byId, languageOf(request))), '@context': CONTEXT };
    },
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id`, summary: 'One group', tags, params: groupParams, response: 'the group',
    handler: async ({ params }, request) => translate((await groups()).find(params.id), languageOf(request)),
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/children`, summary: 'Subgroups of a group', tags, params: groupParams, query: pageQuery,
    response: 'page envelope of groups',
    handler: async ({ params, query }, request) => {
      const { find, byId } = await groups();
      const children = (find(params.id).hasSubGroup ?? []).map((id) => byId.get(id)!).filter(Boolean);
      return paged(children, query, languageOf(request));
    },
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/parent`, summary: 'The parent group (404 for a root)', tags, params: groupParams,
    response: 'the parent group',
    handler: async ({ params }, request) => {
      const { find, parentOf } = await groups();
      const parent = parentOf.get(find(params.id).id);
      if (!parent) throw new AppError('NOT_FOUND', `Informal taxon group '${params.id}' has no parent`);
      return translate(parent, languageOf(request));
    },
  });
  registerRoute(app, registry, {
    method: 'GET', url: `${base}/:id/siblings`, summary: 'Groups with the same parent, the group included', tags,
    params: groupParams, query: pageQuery, response: 'page envelope of groups',
    handler: async ({ params, query }, request) => {
      const { find, parentOf, byId, roots } = await groups();
      const parent = parentOf.get(find(params.id).id);
      const siblings = parent ? (parent.hasSubGroup ?? []).map((id) => byId.get(id)!).filter(Boolean) : roots;
      return paged(siblings, query, languageOf(request));
    },
  });
}
