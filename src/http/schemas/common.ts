/** Shared request primitives: booleans, lists, paging, sorting, languages of fields. */
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { listFilterOf, type ListFilter } from '../../query/filter-body.ts';
import { isSortableField, SORT_FIELDS, type SortOrder } from '../../query/sort.ts';
import { RESPONSE_LANGUAGES, type ResponseLanguage } from '../answers/translate.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../service/page.ts';

export const booleanParam = (defaultValue: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(defaultValue ? 'true' : 'false')
    .transform((value) => value === 'true');

export const optionalBooleanParam = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

const FIELD_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** `a,b,c` → ['a', 'b', 'c'], blanks dropped. */
const commaItems = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

export const commaList = z.string().transform(commaItems);

/** `a,!b` → include a, exclude b; absent → neither. */
export const listFilterParam = z
  .string()
  .optional()
  .transform((value): ListFilter => listFilterOf(commaItems(value ?? '')));

export const selectedFieldsParam = commaList
  .refine((fields) => fields.every((f) => FIELD_PATH.test(f)), {
    message: 'must be a comma-separated list of field paths',
  })
  .optional();

export const taxonId = z.string().trim().min(1, 'must not be empty').max(200);

export const pageParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .default(1);

/**
 * pageSize above the maximum is refused with a 400 rather than a 422; 0 asks for the total alone
 * (docs/api.md, "Sorting and paging").
 */
export const pageSizeParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be at least 0')
  .default(DEFAULT_PAGE_SIZE)
  .transform((size) => {
    if (size > MAX_PAGE_SIZE) {
      throw new AppError('PAGE_SIZE_TOO_LARGE', `pageSize ${size} is over the maximum of ${MAX_PAGE_SIZE}`, [
        { at: { parameter: 'pageSize' }, message: `must be at most ${MAX_PAGE_SIZE}` },
      ]);
    }
    return size;
  });

export const checklistVersionParam = z.string().trim().min(1).default('current');

const SORT_ORDER = /^(\S+?)(?:[ +](asc|desc|ASC|DESC))?$/;
const SORT_ORDER_MESSAGE = `must be one of ${SORT_FIELDS.join(', ')} or a field of the taxon, optionally followed by ' asc' or ' desc'`;

/** `sortOrder`: a named order or any field of the taxon (`src/query/sort.ts`), then its direction. */
export const sortOrderParam = z
  .string()
  .trim()
  .refine((value) => {
    const [, field] = SORT_ORDER.exec(value) ?? [];
    return field !== undefined && ((SORT_FIELDS as readonly string[]).includes(field) || isSortableField(field));
  }, SORT_ORDER_MESSAGE)
  .default('taxonomic')
  .transform((value): SortOrder => {
    const [, field, direction] = SORT_ORDER.exec(value)!;
    return { field: field!, direction: (direction?.toLowerCase() ?? 'asc') as SortOrder['direction'] };
  })
  .describe(
    `${SORT_FIELDS.join(', ')} or a field of the taxon as a dot path, optionally followed by ' asc' or ' desc'`,
  );

/**
 * `lang`, the answer language as a parameter, which every route whose answer has a language
 * takes; it takes precedence over Accept-Language (`src/http/answers/shape.ts`, `languageOf`).
 */
export const languageQuery = {
  lang: z
    .enum(RESPONSE_LANGUAGES as [ResponseLanguage, ...ResponseLanguage[]], {
      error: `must be one of ${RESPONSE_LANGUAGES.join(', ')}`,
    })
    .optional(),
};

/** The query of a route that takes no other parameter. */
export const languageOnlyQuery = z.object(languageQuery);

/**
 * The query of an unpaged list (a hierarchy's roots, tree, children, siblings), which clients of
 * the real API page all the same (`/informal-taxon-groups/tree?pageSize=1000`): `page` and
 * `pageSize` are checked and not used, as the real API answers the whole list.
 */
export const unpagedListQuery = languageOnlyQuery.extend({
  page: pageParam.describe('taken and not used: the list is whole'),
  pageSize: pageSizeParam.describe('taken and not used: the list is whole'),
});

/** Field selection and the optional heavy fields, shared by every route returning taxa. */
export const fieldSelectionQuery = {
  selectedFields: selectedFieldsParam,
  includeMedia: booleanParam(false),
  includeDescriptions: booleanParam(false),
  includeRedListEvaluations: booleanParam(false),
};
