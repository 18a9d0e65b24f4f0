import type { Badge, Category, Level } from '@summa/shared';
import { bioBooks } from './catalog-data-bio.js';
import { careerBooks } from './catalog-data-career.js';
import { commBooks } from './catalog-data-comm.js';
import { creativeBooks } from './catalog-data-creative.js';
import { cryptoBooks } from './catalog-data-crypto.js';
import { educationBooks } from './catalog-data-education.js';
import { financeBooks } from './catalog-data-finance.js';
import { habitsBooks } from './catalog-data-habits.js';
import { leadBooks } from './catalog-data-lead.js';
import { lifeBooks } from './catalog-data-life.js';
import { marketingBooks } from './catalog-data-marketing.js';
import { psychBooks } from './catalog-data-psych.js';
import { sleepBooks } from './catalog-data-sleep.js';
import { startupBooks } from './catalog-data-startup.js';
import { strategyBooks } from './catalog-data-strategy.js';
import { techBooks } from './catalog-data-tech.js';

/**
 * One book of the shipped catalogue. Titles, authors, years and ISBNs are facts: an edition
 * title is given only for an edition known to be published under it, an ISBN-13 only when it
 * is known to be right (the unit test checks its check digit); otherwise null.
 */
export interface CatalogEntry {
  /** The title of the first publication, in its language. */
  title: string;
  /** ISO 639-1 code of the first publication; 'en' when omitted. */
  lang?: string;
  /** English edition title, when the original is not English (English originals use `title`). */
  en?: string | null;
  /** Brazilian-Portuguese edition title (a Portuguese original uses `title`). */
  pt: string | null;
  /** Spanish edition title (a Spanish original uses `title`). */
  es: string | null;
  author: string;
  /** Year of first publication; null for ancient texts. */
  year: number | null;
  /** ISBN-13 of a known edition (usually the original-language one). */
  isbn13: string | null;
  category: Category;
  level: Level;
  badges: readonly Badge[];
  /** 0-100: how much readers look for it now. */
  trending: number;
  /** Overrides the slug made from the English (else original) title. */
  slug?: string;
}

/** A category file's books, before the category is attached. */
export type CategoryEntry = Omit<CatalogEntry, 'category'>;

const BY_CATEGORY: Record<Category, readonly CategoryEntry[]> = {
  habits: habitsBooks,
  sleep: sleepBooks,
  psych: psychBooks,
  strategy: strategyBooks,
  finance: financeBooks,
  comm: commBooks,
  lead: leadBooks,
  creative: creativeBooks,
  startup: startupBooks,
  life: lifeBooks,
  marketing: marketingBooks,
  career: careerBooks,
  education: educationBooks,
  bio: bioBooks,
  tech: techBooks,
  crypto: cryptoBooks,
};

/** The shipped catalogue: every category's books. */
export const CATALOG: readonly CatalogEntry[] = Object.entries(BY_CATEGORY).flatMap(([category, entries]) =>
  entries.map((entry) => ({ ...entry, category: category as Category })),
);
