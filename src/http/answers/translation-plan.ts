/**
 * Where the localized values of a taxon are, read once from the taxon schema. Translating by this
 * plan touches only those paths and shares everything else, where walking every value of every
 * document would cost several times the search itself on a page of full taxa.
 */
import { z } from 'zod';
import { unwrap } from '../../taxon/fields.ts';
import { localizedText, localizedTextList, taxonSchema } from '../../taxon/schema.ts';

/** key → `true` (a localized value) or the plan of the object below it. */
export interface TranslationPlan {
  readonly [key: string]: TranslationPlan | true;
}

function planOf(schema: z.ZodType): TranslationPlan | true | undefined {
  const inner = unwrap(schema);
  if (inner === localizedText || inner === localizedTextList) return true;
  if (!(inner instanceof z.ZodObject)) return undefined;
  const plan: Record<string, TranslationPlan | true> = {};
  for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    const childPlan = planOf(child);
    if (childPlan !== undefined) plan[key] = childPlan;
  }
  return Object.keys(plan).length > 0 ? plan : undefined;
}

export const TAXON_TRANSLATION_PLAN = planOf(taxonSchema) as TranslationPlan;
