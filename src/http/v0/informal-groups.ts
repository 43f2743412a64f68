/**
 * The legacy informal taxon groups (`/v0/informal-taxon-groups`, docs/api.md, "Legacy
 * interface"): the groups, their tree and their roots, each a page as the legacy interface
 * answers them (a group's subgroups by id in the list, nested in the tree), with the context of
 * the language chosen.
 */
import type { z } from 'zod';
import type { CatalogService, GroupHierarchy } from '../../service/catalog-service.ts';
import { pageOfList } from '../../service/page.ts';
import { groupAnswer, groupTreeAnswer, pageAnswer } from '../schemas/responses.ts';
import { schemaContext } from '../answers/shape.ts';
import { translate } from '../answers/translate.ts';
import { informalGroupsQuery } from './parameters.ts';
import type { LegacyRoute } from './swagger.ts';

type Query = z.output<typeof informalGroupsQuery>;

/** The page `query` asks for of `items` (all of them without a `pageSize`), translated. */
function paged(items: readonly { id: string }[], query: Query) {
  const pageSize = query.pageSize ?? Math.max(1, items.length);
  return {
    ...pageOfList(items, { page: query.page, pageSize }, (item) => translate(item, query.lang, query.langFallback)),
    '@context': schemaContext('informalTaxonGroup', query.lang),
  };
}

const listPage = pageAnswer(groupAnswer, 'A page of informal taxon groups');

/** The three routes: where, what they say of themselves, and which groups they page. */
const ROUTES = [
  {
    path: '',
    summary: 'The informal taxon groups, paged',
    answer: 'A page of groups: {currentPage, pageSize, total, lastPage, results, @context}, subgroups by id',
    response: listPage,
    groups: (hierarchy: GroupHierarchy) => hierarchy.all,
  },
  {
    path: '/roots',
    summary: "The groups that are no group's subgroup, paged",
    answer: 'A page of the root groups, subgroups by id',
    response: listPage,
    groups: (hierarchy: GroupHierarchy) => hierarchy.roots,
  },
  {
    path: '/tree',
    summary: 'The group hierarchy: the roots, paged, their subgroups nested',
    answer: 'A page of the root groups, each with its subgroups nested in hasSubGroup',
    response: pageAnswer(groupTreeAnswer, 'The root groups, their subgroups nested'),
    groups: (hierarchy: GroupHierarchy) => hierarchy.tree,
  },
];

export function legacyGroupRoutes(route: LegacyRoute, catalog: CatalogService): void {
  for (const { path, summary, answer, response, groups } of ROUTES)
    route(
      {
        url: `/informal-taxon-groups${path}`,
        summary,
        answer,
        querystring: informalGroupsQuery,
        response,
      },
      async ({ query }) => paged(groups(await catalog.groups()), query),
    );
}
