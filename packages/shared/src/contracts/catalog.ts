import { z } from 'zod';
import { text } from './text.js';
import { LANGUAGES, type Language } from '../languages.js';

/** The 16 catalogue categories (spec §3); display names live in the `catalog` i18n area. */
export const CATEGORIES = [
  'habits',
  'sleep',
  'psych',
  'strategy',
  'finance',
  'comm',
  'lead',
  'creative',
  'startup',
  'life',
  'marketing',
  'career',
  'education',
  'bio',
  'tech',
  'crypto',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['basic', 'intermediate'] as const;
export type Level = (typeof LEVELS)[number];

export const BADGES = ['editors', 'trending', 'starter'] as const;
export type Badge = (typeof BADGES)[number];

/** Explore sort orders: recommended = editors' picks first, then trending score. */
export const SORTS = ['recommended', 'trending', 'az'] as const;
export type Sort = (typeof SORTS)[number];

/** Where a suggestion comes from: the catalogue, or the caller's own generated summaries. */
export const SUGGESTION_SOURCES = ['catalog', 'history'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

/** How a book entered the database: the shipped catalogue, or a bulk import. */
export const BOOK_SOURCES = ['catalog', 'import'] as const;
export type BookSource = (typeof BOOK_SOURCES)[number];

/** Suggestions: at least 2 characters, at most 8 results (spec §2, §9). */
export const SEARCH_MIN_QUERY_LENGTH = 2;
export const SEARCH_MAX_QUERY_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 8;
export const SEARCH_MAX_LIMIT = 8;

export const EXPLORE_DEFAULT_PAGE_SIZE = 24;
export const EXPLORE_MAX_PAGE_SIZE = 100;

const languageSchema = z.enum(LANGUAGES);

/**
 * `POST /api/catalog/search`. The query is trimmed; under 2 characters gives an empty list,
 * over 200 is a 400 VALIDATION_ERROR. `limit` defaults to 8; larger values are clamped to 8.
 */
export const catalogSearchRequestSchema = z
  .object({
    query: text().trim().max(SEARCH_MAX_QUERY_LENGTH),
    lang: languageSchema,
    limit: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(SEARCH_DEFAULT_LIMIT),
  })
  .meta({ id: 'CatalogSearchRequest' });
/** What a client sends (limit optional). */
export type CatalogSearchRequest = z.input<typeof catalogSearchRequestSchema>;

export const suggestionSchema = z
  .object({
    /** A catalogue book id (source catalog) or a summary id (source history). */
    id: text(),
    /** The title of the edition in `lang`. */
    title: text(),
    author: text(),
    /** The language of `title`: the requested one when that edition exists. */
    lang: languageSchema,
    cover_url: text().nullable(),
    source: z.enum(SUGGESTION_SOURCES),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const catalogSearchResponseSchema = z
  .object({ books: z.array(suggestionSchema) })
  .meta({ id: 'CatalogSearchResponse' });
export type CatalogSearchResponse = z.infer<typeof catalogSearchResponseSchema>;

export const bookSchema = z
  .object({
    id: text(),
    slug: text(),
    /** The title of the edition in `lang`. */
    title: text(),
    /** The title in the language the book was first published in. */
    original_title: text(),
    author: text(),
    year: z.number().int().nullable(),
    isbn13: text().nullable(),
    category: z.enum(CATEGORIES),
    level: z.enum(LEVELS),
    badges: z.array(z.enum(BADGES)),
    trending_score: z.number().int().min(0).max(100),
    cover_url: text().nullable(),
    /** The language of `title`. */
    lang: languageSchema,
    /**
     * Explore and 'surprise me': the book's summary in the reader's language (`uiLang`, else
     * `lang`, else pt), which the book opens instead of starting a new one; null when there is
     * none yet. Absent where a book is not listed for a reader.
     */
    summary_id: text().nullable().optional(),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof bookSchema>;

const optionalQueryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * `GET /api/catalog/books` (Explore). `lang` filters to books with an edition in that language
 * (pt: a Brazilian edition, es: a Spanish edition, en: an English edition, original or
 * translated) and shows titles in it; without `lang`, titles show in `uiLang` (default pt, with
 * the English then original edition as fallback) and nothing is filtered. `q` searches like the
 * search box. A `pageSize` over 100 is a 400.
 */
export const exploreQuerySchema = z.object({
  q: optionalQueryParam(text().trim().max(SEARCH_MAX_QUERY_LENGTH)),
  category: optionalQueryParam(z.enum(CATEGORIES)),
  level: optionalQueryParam(z.enum(LEVELS)),
  lang: optionalQueryParam(languageSchema),
  uiLang: optionalQueryParam(languageSchema),
  sort: optionalQueryParam(z.enum(SORTS)).default('recommended'),
  page: optionalQueryParam(z.coerce.number().int().min(1).max(10_000)).default(1),
  pageSize: optionalQueryParam(z.coerce.number().int().min(1).max(EXPLORE_MAX_PAGE_SIZE)).default(
    EXPLORE_DEFAULT_PAGE_SIZE,
  ),
});
// No meta id: @fastify/swagger cannot resolve a $ref for query parameters.
/** What a client may put in the query string (all optional). */
export interface ExploreQuery {
  q?: string;
  category?: Category;
  level?: Level;
  lang?: Language;
  uiLang?: Language;
  sort?: Sort;
  page?: number;
  pageSize?: number;
}

export const exploreResponseSchema = z
  .object({
    books: z.array(bookSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ExploreResponse' });
export type ExploreResponse = z.infer<typeof exploreResponseSchema>;

/** `GET /api/catalog/categories?level&lang`: all 16 categories in CATEGORIES order, counts may be 0. */
export const categoriesQuerySchema = z.object({
  level: optionalQueryParam(z.enum(LEVELS)),
  lang: optionalQueryParam(languageSchema),
});
export type CategoriesQuery = Pick<ExploreQuery, 'level' | 'lang'>;

export const categoriesResponseSchema = z
  .object({
    categories: z.array(z.object({ id: z.enum(CATEGORIES), count: z.number().int().min(0) })),
  })
  .meta({ id: 'CategoriesResponse' });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** `GET /api/catalog/random?category&level&lang&uiLang` ('surprise me'); book is null when none match. */
export const randomBookQuerySchema = z.object({
  category: optionalQueryParam(z.enum(CATEGORIES)),
  level: optionalQueryParam(z.enum(LEVELS)),
  lang: optionalQueryParam(languageSchema),
  uiLang: optionalQueryParam(languageSchema),
});
export type RandomBookQuery = Pick<ExploreQuery, 'category' | 'level' | 'lang' | 'uiLang'>;

export const randomBookResponseSchema = z
  .object({ book: bookSchema.nullable() })
  .meta({ id: 'RandomBookResponse' });
export type RandomBookResponse = z.infer<typeof randomBookResponseSchema>;

/** `POST /api/admin/catalog/import` (admin only): re-imports the shipped catalogue. */
export const catalogImportResponseSchema = z
  .object({
    total: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Books an admin edited, kept as they are although the catalogue differs (not in `unchanged`). */
    kept: z
      .number()
      .int()
      .describe('Books an admin edited, left as they are although the shipped catalogue differs'),
  })
  .meta({ id: 'CatalogImportResponse' });
export type CatalogImportResponse = z.infer<typeof catalogImportResponseSchema>;
