/**
 * Response schemas, per status (docs/api.md, "Envelopes" and "Errors"). Taxa are described by
 * their identifying fields and left open: which fields a taxon carries depends on the data and
 * on `selectedFields`, and their values on the answer language.
 */
import { z } from 'zod';

export const errorAnswer = z
  .object({
    errorCode: z.string(),
    message: z.string(),
    localized: z.boolean().describe('whether message is in the language the request asked for (lang, Accept-Language)'),
    details: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('per JSON pointer of the request, what is wrong there'),
  })
  .describe('Error: {errorCode, message, localized, details?}');

/** The error statuses every route may answer. */
export const ERROR_ANSWERS = {
  400: errorAnswer,
  401: errorAnswer,
  404: errorAnswer,
  405: errorAnswer,
  422: errorAnswer,
  429: errorAnswer,
  503: errorAnswer,
} as const;

/** A value in the answer language, or the `{fi, sv, en}` object with `lang=multi`. */
const text = z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]);

export const taxonAnswer = z
  .record(z.string(), z.unknown())
  .describe(
    'A taxon document (id, scientificName, taxonRank, ...: docs/data.md), its localized values in the answer language',
  );

const context = z.string().optional().describe('JSON-LD context');

export function pageAnswer<T extends z.ZodType>(item: T, description: string) {
  return z
    .object({
      currentPage: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      lastPage: z.number().int(),
      prevPage: z.number().int().optional(),
      nextPage: z.number().int().optional(),
      results: z.array(item),
      '@context': context,
    })
    .describe(description);
}

export function listAnswer<T extends z.ZodType>(item: T, description: string) {
  return z.object({ results: z.array(item), '@context': context }).describe(description);
}

const intellectualRights = z.string().describe('The licence of the taxa answered (MZ.intellectualRights…)');

/** A page of taxa: the page, and the licence of its taxa. */
export function licensedPageAnswer<T extends z.ZodType>(item: T, description: string) {
  return pageAnswer(item, description).extend({ intellectualRights });
}

/** A list of taxa: the list, and the licence of its taxa. */
export function licensedListAnswer<T extends z.ZodType>(item: T, description: string) {
  return listAnswer(item, description).extend({ intellectualRights });
}

export const aggregateAnswer = z
  .record(z.string(), z.array(z.object({ values: z.record(z.string(), z.unknown()), count: z.number().int() })))
  .describe('Per aggregation name, its buckets: {values: {<field>: value}, count}');

/** A group of a tree answer: its fields, its subgroups nested under the hierarchy's key. */
interface GroupTree {
  id: string;
  name?: unknown;
  [field: string]: unknown;
}

/**
 * The answers of one kind of group: a group, its subgroups by id under `subgroups`, and the tree
 * of groups, their subgroups nested there. Named `treeName`, the recursive tree is one component
 * the OpenAPI document refers to (`src/http/openapi.ts`).
 */
function groupAnswers(subgroups: string, fields: z.ZodRawShape, description: string, treeName: string) {
  const answer = z
    .looseObject({
      id: z.string().optional(),
      name: text.optional(),
      [subgroups]: z.array(z.string()).optional(),
      ...fields,
    })
    .describe(description);
  const tree: z.ZodType<GroupTree> = z.lazy(() =>
    z.object({ id: z.string(), name: text.optional(), ...fields, [subgroups]: z.array(tree).optional() }),
  );
  z.globalRegistry.add(tree, { id: treeName });
  return { answer, tree };
}

export const { answer: groupAnswer, tree: groupTreeAnswer } = groupAnswers(
  'hasSubGroup',
  {},
  'An informal taxon group',
  'InformalTaxonGroupTree',
);

export type GroupAnswer = z.infer<typeof groupAnswer>;

export const { answer: redListGroupAnswer, tree: redListGroupTreeAnswer } = groupAnswers(
  'hasIucnSubGroup',
  {
    includesInformalTaxonGroup: z.array(z.string()).optional().describe('the informal taxon groups it covers'),
    includesTaxon: z.array(z.string()).optional().describe('the taxa it covers'),
  },
  'A red-list evaluation group (an IUCN red-list taxon group)',
  'RedListEvaluationGroupTree',
);

export const versionAnswer = z
  .looseObject({
    id: z.string(),
    versionName: text.optional(),
    versionDate: z.string().optional(),
    versionDescription: text.optional(),
  })
  .describe('A checklist version');

export type VersionAnswer = z.infer<typeof versionAnswer>;

export const checklistAnswer = z
  .looseObject({
    id: z.string(),
    name: text.optional(),
    owner: z.string().optional(),
    rootTaxon: z.string().optional(),
    isPublic: z.boolean().optional(),
    'dc:bibliographicCitation': z.string().optional(),
  })
  .describe('A checklist: the taxa name it in nameAccordingTo');

export type ChecklistAnswer = z.infer<typeof checklistAnswer>;

export const searchHitAnswer = z
  .looseObject({
    matchingName: z.string().optional(),
    nameType: z.string().optional(),
    id: z.string().optional(),
    scientificName: z.string().optional(),
    type: z.enum(['exactMatches', 'partialMatches', 'likelyMatches']).optional(),
    similarity: z.number().optional(),
  })
  .describe('A name-search hit (docs/api.md, "Name search")');

export const autocompleteHitAnswer = searchHitAnswer
  .extend({ key: z.string().describe('the taxon id'), value: z.string().describe('the matching name') })
  .describe('An autocomplete hit: key, value and the name-search hit');
