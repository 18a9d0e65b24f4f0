import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { bookSchema } from './catalog.js';
import { text } from './text.js';

/** What a person is known for; the interface names each in the `people` i18n area. */
export const PERSON_FIELDS = [
  'founder',
  'executive',
  'investor',
  'scientist',
  'scholar',
  'writer',
  'athlete',
  'politician',
  'broadcaster',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/**
 * Where a person said they recommend a book: an annual list, a book-club pick, an interview, a
 * letter, a book of theirs, a foreword or blurb in the recommended book, a talk, a post.
 */
export const SOURCE_KINDS = [
  'list',
  'book-club',
  'interview',
  'letter',
  'book',
  'foreword',
  'talk',
  'post',
  'article',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const PERSON_SLUG_MAX_LENGTH = 60;
export const PERSON_NAME_MAX_LENGTH = 80;
export const PERSON_BIO_MAX_LENGTH = 600;
export const SOURCE_TITLE_MAX_LENGTH = 200;
export const SOURCE_URL_MAX_LENGTH = 500;
/** A shelf holds at most this many picks. */
export const PERSON_PICKS_MAX = 30;
/** A reader's reading list holds at most this many books. */
export const READING_LIST_MAX = 500;

/** A person's slug: lower-case words joined by hyphens ('bill-gates'). */
export const personSlugSchema = text()
  .max(PERSON_SLUG_MAX_LENGTH)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');

/**
 * When the person said it, as precisely as the source tells: a year, a year and month, or a day
 * (ISO 8601: 2018, 2018-12, 2018-12-28).
 */
export const sourceDateSchema = text().regex(
  /^(1[5-9]\d\d|20\d\d)(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/,
  'must be YYYY, YYYY-MM or YYYY-MM-DD',
);

/** An https address (a source's page); nothing that could run script or leave the web. */
export const sourceUrlSchema = text()
  .max(SOURCE_URL_MAX_LENGTH)
  .regex(/^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/, 'must be an https:// address');

/**
 * Where and when a person recommended a book, precisely enough for a reader to find it: the
 * list, interview, letter or book (its title as published), its date, and a link where its
 * address is known.
 */
export const pickSourceSchema = z
  .object({
    kind: z.enum(SOURCE_KINDS),
    title: text().trim().min(1).max(SOURCE_TITLE_MAX_LENGTH),
    date: sourceDateSchema,
    url: sourceUrlSchema.nullable(),
  })
  .meta({ id: 'PickSource' });
export type PickSource = z.infer<typeof pickSourceSchema>;

/** One person in the list: a drawn portrait (their initials) and how many books they recommend. */
export const personSummarySchema = z
  .object({
    slug: text(),
    name: text(),
    /** One or two letters for the drawn portrait. */
    initials: text(),
    field: z.enum(PERSON_FIELDS),
    /** ISO 3166-1 alpha-2 code of the country they are from. */
    country: text(),
    pickCount: z.number().int().min(0),
  })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** GET /api/people */
export const peopleResponseSchema = z
  .object({ people: z.array(personSummarySchema) })
  .meta({ id: 'PeopleResponse' });
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

/** GET /api/people/:slug and the reading list take the language of titles, bios and summaries. */
export const peopleLanguageQuerySchema = z.object({ language: z.enum(LANGUAGES).optional() });
export type PeopleLanguageQuery = z.infer<typeof peopleLanguageQuerySchema>;

export const personParamsSchema = z.object({ slug: personSlugSchema });

/** A book on a person's shelf, with its source; `book.summary_id` is the summary in the asked language. */
export const personPickSchema = z
  .object({ book: bookSchema, source: pickSourceSchema })
  .meta({ id: 'PersonPick' });
export type PersonPick = z.infer<typeof personPickSchema>;

export const personSchema = personSummarySchema
  .extend({
    /** A short biography in the asked language. */
    bio: text(),
    picks: z.array(personPickSchema),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

/** GET /api/people/:slug */
export const personResponseSchema = z.object({ person: personSchema }).meta({ id: 'PersonResponse' });
export type PersonResponse = z.infer<typeof personResponseSchema>;

/** A book the reader saved to read, newest first. */
export const readingListItemSchema = z
  .object({
    book: bookSchema,
    /** ISO 8601: when it was saved. */
    savedAt: text(),
  })
  .meta({ id: 'ReadingListItem' });
export type ReadingListItem = z.infer<typeof readingListItemSchema>;

/** GET /api/me/reading-list */
export const readingListResponseSchema = z
  .object({ items: z.array(readingListItemSchema) })
  .meta({ id: 'ReadingListResponse' });
export type ReadingListResponse = z.infer<typeof readingListResponseSchema>;

export const readingListParamsSchema = z.object({ bookId: z.uuid() });

// The curation screen (/curation/people, admins).

const biosSchema = z.object({
  pt: text().trim().min(1).max(PERSON_BIO_MAX_LENGTH),
  en: text().trim().min(1).max(PERSON_BIO_MAX_LENGTH),
  es: text().trim().min(1).max(PERSON_BIO_MAX_LENGTH),
});

/** A pick as an admin writes it: a catalogue book and its source, which is required. */
export const personPickInputSchema = z.object({ bookId: z.uuid(), source: pickSourceSchema });
export type PersonPickInput = z.infer<typeof personPickInputSchema>;

/** What an admin writes of a person (the slug names them in the path once created). */
export const personEditSchema = z
  .object({
    name: text().trim().min(1).max(PERSON_NAME_MAX_LENGTH),
    field: z.enum(PERSON_FIELDS),
    country: text().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
    bio: biosSchema,
    picks: z
      .array(personPickInputSchema)
      .max(PERSON_PICKS_MAX)
      .refine((picks) => new Set(picks.map((pick) => pick.bookId)).size === picks.length, {
        message: 'a book is on the shelf once',
      }),
  })
  .meta({ id: 'PersonEdit' });
export type PersonEdit = z.infer<typeof personEditSchema>;

/** POST /api/admin/people */
export const personCreateSchema = personEditSchema
  .extend({ slug: personSlugSchema })
  .meta({ id: 'PersonCreate' });
export type PersonCreate = z.infer<typeof personCreateSchema>;

/** A pick as the curation screen shows it: the book's title and cover with its source. */
export const adminPickSchema = z
  .object({
    book: z.object({ id: text(), title: text(), author: text(), cover_url: text().nullable() }),
    source: pickSourceSchema,
  })
  .meta({ id: 'AdminPick' });
export type AdminPick = z.infer<typeof adminPickSchema>;

export const adminPersonSchema = personSummarySchema
  .omit({ pickCount: true })
  .extend({
    bio: biosSchema,
    /** 'shipped' while the person is as the data file has them; 'admin' once an admin edited them. */
    origin: z.enum(['shipped', 'admin']),
    /** ISO 8601: the last change. */
    updatedAt: text(),
    picks: z.array(adminPickSchema),
  })
  .meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminPeopleResponseSchema = z
  .object({ people: z.array(adminPersonSchema) })
  .meta({ id: 'AdminPeopleResponse' });
export type AdminPeopleResponse = z.infer<typeof adminPeopleResponseSchema>;

export const adminPersonResponseSchema = z
  .object({ person: adminPersonSchema })
  .meta({ id: 'AdminPersonResponse' });
export type AdminPersonResponse = z.infer<typeof adminPersonResponseSchema>;

/** The initials of a drawn portrait: the first letters of the first and last names. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word.length > 0);
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const first = letter(words[0]) || '?';
  const last = words.length > 1 ? letter(words[words.length - 1]) : '';
  return (first + last).toUpperCase();
}
