import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  PERSON_BIO_MAX_LENGTH,
  PERSON_FIELDS,
  PERSON_NAME_MAX_LENGTH,
  PERSON_PICKS_MAX,
  personSlugSchema,
  pickSourceSchema,
  text,
  type PersonField,
  type PickSource,
} from '@summa/shared';

/** The shipped people: the same relative place from src/ and dist/, so the built server finds it. */
export const PEOPLE_FILE = fileURLToPath(new URL('../../../data/people.json', import.meta.url));

const bio = text().min(1).max(PERSON_BIO_MAX_LENGTH);
const catalogSlug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/**
 * One person of the shipped file (ADR 0028). Every pick names a catalogue book by its slug and
 * says where and when the person recommended it; a pick that cannot be checked is not shipped.
 */
const shippedPersonSchema = z.strictObject({
  slug: personSlugSchema,
  name: text().min(1).max(PERSON_NAME_MAX_LENGTH),
  field: z.enum(PERSON_FIELDS),
  /** ISO 3166-1 alpha-2 of the country they are from. */
  country: z.string().regex(/^[A-Z]{2}$/),
  bio: z.strictObject({ pt: bio, en: bio, es: bio }),
  picks: z
    .array(z.strictObject({ book: catalogSlug, source: z.strictObject(pickSourceSchema.shape) }))
    .min(1)
    .max(PERSON_PICKS_MAX),
});

const peopleFileSchema = z
  .strictObject({ people: z.array(shippedPersonSchema) })
  .refine((file) => new Set(file.people.map((person) => person.slug)).size === file.people.length, {
    message: 'a slug names one person',
  })
  .refine(
    (file) =>
      file.people.every(
        (person) => new Set(person.picks.map((pick) => pick.book)).size === person.picks.length,
      ),
    { message: 'a book is on a shelf once' },
  );

export interface ShippedPerson {
  slug: string;
  name: string;
  field: PersonField;
  country: string;
  bio: { pt: string; en: string; es: string };
  /** The book's catalogue slug and where the person said it. */
  picks: { book: string; source: PickSource }[];
}

/** Reads and checks a people file; a malformed one stops the server at start. */
export function loadPeople(file: string = PEOPLE_FILE): readonly ShippedPerson[] {
  const parsed = peopleFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid people file: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data.people;
}
