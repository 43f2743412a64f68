/**
 * The legacy labels of the enumerations (`/v0/metadata/ranges/{range}`, docs/api.md, "Legacy
 * interface"): the values of one enumeration as a bare array, as the legacy interface answers
 * them, from the same labels as `/metadata/alts/{alt}`.
 */
import { z } from 'zod';
import type { EnumerationLabels } from '../../taxon/enumeration-labels.ts';
import { altValues, altValueAnswer } from '../routes/metadata.ts';
import { rangeParams, rangeQuery } from './parameters.ts';
import type { LegacyRoute } from './swagger.ts';

export function legacyMetadataRoutes(route: LegacyRoute, labels: EnumerationLabels): void {
  route(
    {
      url: '/metadata/ranges/:range',
      tag: 'Metadata',
      summary: 'The values of one enumeration (ranks, statuses, habitats, …), labelled, in its order',
      answer: 'An array of the values, {id, value, …}: value the label in the language asked for',
      querystring: rangeQuery,
      params: rangeParams,
      // A label missing in the language asked for is left out with langFallback=false.
      response: z.array(altValueAnswer.partial({ value: true })),
    },
    async ({ query, params }) => altValues(labels, params.range, query.lang, query.langFallback),
  );
}
