/**
 * The labels of the enumerations the taxon documents use (taxon ranks, red-list statuses,
 * administrative statuses, types of occurrence, habitats, …): each enumeration (an "alt", as
 * the real API names them: `MX.taxonRankEnum`) is its values in order, each `{id, value}` with
 * `value` its label in Finnish, Swedish and English, and `altParent` where the value has a broader
 * one (a habitat's broader habitat), as the real API gives it. They belong to the
 * schema, not to a checklist: one file in the repository (`enumeration-labels.json`, written by
 * `scripts/enumeration-labels.ts`), read once and checked when the service starts, whichever
 * engine serves the taxa.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { pointerToken } from '../errors.ts';
import { deepFreeze } from '../json.ts';

export const ENUMERATION_LABELS_FILE = fileURLToPath(new URL('./enumeration-labels.json', import.meta.url));

const label = z.string().trim().min(1, 'must not be empty');

/** A text in one to three languages. */
const localized = z
  .strictObject({ fi: label.optional(), sv: label.optional(), en: label.optional() })
  .refine((value) => Object.keys(value).length > 0, 'must have a text in fi, sv or en');

const enumerationValue = z.strictObject({
  id: z.string().regex(/^[A-Z]+\.\S+$/, 'must be a qualified id like MX.species'),
  value: localized,
  altParent: z.string().optional(),
});

const labelsFile = z.object({
  $comment: z.string().optional(),
  alts: z.record(
    z.string().regex(/^[A-Z]+\.[A-Za-z]\w*$/, 'must be an enumeration name like MX.taxonRankEnum'),
    z
      .array(enumerationValue)
      .min(1, 'must list at least one value')
      .superRefine((values, context) => {
        const ids = new Set<string>();
        for (const [i, { id }] of values.entries()) {
          if (ids.has(id)) context.addIssue({ code: 'custom', path: [i, 'id'], message: `'${id}' is listed twice` });
          ids.add(id);
        }
        for (const [i, { altParent }] of values.entries())
          if (altParent !== undefined && !ids.has(altParent))
            context.addIssue({
              code: 'custom',
              path: [i, 'altParent'],
              message: 'must be a value of this enumeration',
            });
      }),
  ),
});

export type EnumerationValue = z.output<typeof enumerationValue>;
/** Enumeration name → its values in order (frozen). */
export type EnumerationLabels = Readonly<Record<string, readonly EnumerationValue[]>>;

/** `["alts", "MX.iucnStatuses", 3, "value"]` → `/alts/MX.iucnStatuses/3/value` */
const pointerOf = (path: readonly PropertyKey[]) => path.map((key) => `/${pointerToken(String(key))}`).join('') || '/';

/** The labels `file` holds, checked; a broken file is an error naming the file and each place. */
export function readEnumerationLabels(file: string): EnumerationLabels {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const checked = labelsFile.safeParse(parsed);
  if (!checked.success) {
    const places = checked.error.issues.map((issue) => `${pointerOf(issue.path)}: ${issue.message}`);
    throw new Error(`${file}: not a file of enumeration labels:\n  ${places.join('\n  ')}`);
  }
  return deepFreeze(checked.data.alts);
}

let bundled: EnumerationLabels | undefined;

/** The labels of the repository's file, read the first time they are asked for. */
export function enumerationLabels(): EnumerationLabels {
  bundled ??= readEnumerationLabels(ENUMERATION_LABELS_FILE);
  return bundled;
}
