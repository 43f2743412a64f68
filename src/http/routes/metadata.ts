/**
 * The labels of the enumerations the taxa use, as the real API's metadata routes answer them:
 * GET /metadata/alts (every enumeration by name) and /metadata/alts/{alt} (one, as a list), each
 * value `{id, value, altParent?}` with its label in the answer language, the values in the
 * enumeration's order (`src/taxon/enumeration-labels.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { EnumerationLabels, EnumerationValue } from '../../taxon/enumeration-labels.ts';
import { languageOnlyQuery } from '../schemas/common.ts';
import { SerialisedAnswer, sendSerialised } from '../route-schema.ts';
import { ERROR_ANSWERS } from '../schemas/responses.ts';
import { languageOf } from '../answers/shape.ts';
import { RESPONSE_LANGUAGES, translate, type ResponseLanguage } from '../answers/translate.ts';

const tags = ['metadata'];

/** The context of enumeration values, as the real API names it: by language, as its taxa's. */
export function altContext(language: ResponseLanguage): string {
  return `https://api.laji.fi/context/metadata-alt-${language}`;
}

/** The context of the lookup of every enumeration, which the real API gives no language. */
export const ALTS_CONTEXT = 'https://api.laji.fi/context/metadata-alt';

const localizedText = z.union([z.string(), z.record(z.string(), z.string())]);

export const altValueAnswer = z
  .object({ id: z.string(), value: localizedText, altParent: z.string().optional() })
  .describe(
    'A value of the enumeration: its id, its label (value) in the answer language, its broader value (altParent)',
  );

const lookupAnswer = z
  .object({ '@context': z.string() })
  .catchall(z.array(altValueAnswer))
  .describe('Enumeration name → its values in order, labels in the answer language');

const altNameParam = z.string().trim().min(1).describe('the enumeration: MX.taxonRankEnum, MX.iucnStatuses, …');

/**
 * The values of `alt` in `language`; an unknown enumeration is a 404. (`fallback` false: a label
 * missing in the language stays missing, as the legacy interface answers.)
 */
export function altValues(
  labels: EnumerationLabels,
  alt: string,
  language: ResponseLanguage,
  fallback = true,
): EnumerationValue[] {
  if (!Object.hasOwn(labels, alt)) throw new AppError('NOT_FOUND', `Alt '${alt}' not found`);
  return translate(labels[alt], language, fallback) as EnumerationValue[];
}

export const metadataRoutes: FastifyPluginAsyncZod<{ labels: EnumerationLabels }> = async (app, { labels }) => {
  // The whole lookup in each language, written once (its context last, as the real API writes
  // it): it never changes while the service runs.
  const lookups = new Map(
    RESPONSE_LANGUAGES.map((language) => [
      language,
      new SerialisedAnswer(JSON.stringify({ ...(translate(labels, language) as object), '@context': ALTS_CONTEXT })),
    ]),
  );

  app.get('/metadata/alts', {
    schema: {
      summary: 'Every enumeration of the taxa (ranks, statuses, habitats, …) by name, with its values labelled',
      tags,
      querystring: languageOnlyQuery,
      response: {
        200: lookupAnswer,
        ...ERROR_ANSWERS,
      },
    },
    handler: async (request, reply) => sendSerialised(reply, lookups.get(languageOf(request))!),
  });

  app.get('/metadata/alts/:alt', {
    schema: {
      summary: 'The values of one enumeration, labelled, in its order',
      tags,
      params: z.object({ alt: altNameParam }),
      querystring: languageOnlyQuery,
      response: {
        200: z
          .object({ results: z.array(altValueAnswer), '@context': z.string() })
          .describe('The values of the enumeration, labels in the answer language'),
        ...ERROR_ANSWERS,
      },
    },
    handler: async (request) => {
      const language = languageOf(request);
      return { results: altValues(labels, request.params.alt, language), '@context': altContext(language) };
    },
  });
};
