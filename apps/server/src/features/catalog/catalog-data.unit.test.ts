import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BADGES, CATEGORIES, LEVELS, foldText } from '@summa/shared';
import { CATALOG, CATALOG_FILE, loadCatalog } from './catalog-data.js';
import { pickEdition } from './book-editions.js';
import {
  bookIdForSlug,
  catalogInputs,
  contentHash,
  slugify,
  slugOf,
  toBookInput,
} from './catalog-import.service.js';
import { atomicHabitsRecord } from '../../test/book-records.js';

/** ISBN-13 check digit: weights 1,3,1,3,... over the first 12 digits. */
function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  const digits = Array.from(isbn, Number);
  const sum = digits
    .slice(0, 12)
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const normalizedTitle = (title: string) => foldText(title);

describe('the ISBN-13 check', () => {
  it('accepts real ISBNs and rejects a wrong check digit', () => {
    expect(isValidIsbn13('9780735211292')).toBe(true);
    expect(isValidIsbn13('9780857197689')).toBe(true);
    expect(isValidIsbn13('9780735211293')).toBe(false);
    expect(isValidIsbn13('978073521129')).toBe(false);
  });
});

describe('the catalogue file', () => {
  const serverRoot = fileURLToPath(new URL('../../../', import.meta.url));

  it("is the server package's data/catalog.json (the same path from src/ and dist/)", () => {
    expect(path.relative(serverRoot, CATALOG_FILE)).toBe(path.join('data', 'catalog.json'));
    const { files } = z
      .object({ files: z.array(z.string()) })
      .parse(JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')));
    for (const shipped of ['dist', 'drizzle', 'data/catalog.json']) expect(files).toContain(shipped);
  });

  it('is checked when read: a malformed book stops the load, naming the field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summa-catalog-'));
    try {
      const file = path.join(dir, 'catalog.json');
      const [first] = CATALOG;
      writeFileSync(file, JSON.stringify({ books: [first] }));
      expect(loadCatalog(file)).toEqual([first]);
      for (const broken of [
        { ...first, trending: 101 },
        { ...first, category: 'cooking' },
        { ...first, isbn13: '12345' },
        { ...first, titel: 'typo' },
      ]) {
        writeFileSync(file, JSON.stringify({ books: [broken] }));
        expect(() => loadCatalog(file)).toThrow(/not a valid catalogue/);
      }
      writeFileSync(file, JSON.stringify({ books: [{ ...first, trending: 101 }] }));
      expect(() => loadCatalog(file)).toThrow(/trending/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the shipped catalogue', () => {
  it('has at least 300 books', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(300);
  });

  it.each(CATEGORIES)('has at least 10 books in %s', (category) => {
    expect(CATALOG.filter((book) => book.category === category).length).toBeGreaterThanOrEqual(10);
  });

  it('has unique slugs in kebab case', () => {
    const slugs = CATALOG.map(slugOf);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has no book twice (same title, in any edition, and author)', () => {
    const keys = CATALOG.map(
      (book) => `${normalizedTitle(book.en ?? book.title)}|${normalizedTitle(book.author)}`,
    );
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it('has no duplicate original titles', () => {
    const titles = CATALOG.map((book) => `${normalizedTitle(book.title)}|${normalizedTitle(book.author)}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('has only valid ISBN-13s, each used once', () => {
    const isbns = CATALOG.flatMap((book) => (book.isbn13 ? [book.isbn13] : []));
    const invalid = isbns.filter((isbn) => !isValidIsbn13(isbn));
    expect(invalid).toEqual([]);
    expect(new Set(isbns).size).toBe(isbns.length);
    expect(isbns.length).toBeGreaterThan(100);
  });

  it('has plausible years (null only for ancient texts)', () => {
    const thisYear = new Date().getFullYear();
    for (const book of CATALOG) {
      if (book.year === null) {
        expect(['zh', 'grc'], book.title).toContain(book.lang);
        continue;
      }
      expect(Number.isInteger(book.year), book.title).toBe(true);
      expect(book.year, book.title).toBeGreaterThanOrEqual(1500);
      expect(book.year, book.title).toBeLessThanOrEqual(thisYear);
    }
  });

  it('has known levels, badges and trending scores from 0 to 100', () => {
    for (const book of CATALOG) {
      expect(LEVELS, book.title).toContain(book.level);
      for (const badge of book.badges) expect(BADGES, book.title).toContain(badge);
      expect(new Set(book.badges).size, book.title).toBe(book.badges.length);
      expect(Number.isInteger(book.trending) && book.trending >= 0 && book.trending <= 100, book.title).toBe(
        true,
      );
    }
  });

  it('has clean, non-empty texts', () => {
    for (const book of CATALOG) {
      for (const text of [book.title, book.author, book.en, book.pt, book.es]) {
        if (text === null || text === undefined) continue;
        expect(text.trim(), book.title).toBe(text);
        expect(text.length, book.title).toBeGreaterThan(0);
        expect(text, book.title).not.toMatch(/\s{2,}/);
      }
    }
  });

  it('names the original language as an ISO 639 code and an English title for non-English originals', () => {
    for (const book of CATALOG) {
      const lang = book.lang ?? 'en';
      expect(lang, book.title).toMatch(/^[a-z]{2,3}$/);
      if (lang === 'en') expect(book.en, book.title).toBeUndefined();
      // An original in pt or es is its own edition in that language.
      if (lang === 'pt') expect(book.pt, book.title).toBeNull();
      if (lang === 'es') expect(book.es, book.title).toBeNull();
    }
  });

  it('has the titles readers type first, with their Brazilian and Spanish editions', () => {
    const byTitle = new Map(CATALOG.map((book) => [book.en ?? book.title, book]));
    expect(byTitle.get('Atomic Habits')).toMatchObject({ pt: 'Hábitos Atômicos', es: 'Hábitos atómicos' });
    for (const title of [
      'The Psychology of Money',
      'Deep Work',
      'Thinking, Fast and Slow',
      'Sapiens: A Brief History of Humankind',
      'Rich Dad Poor Dad',
      'The 7 Habits of Highly Effective People',
      'How to Win Friends and Influence People',
      'Why We Sleep',
      'The Lean Startup',
      'Zero to One',
    ]) {
      expect(byTitle.has(title), title).toBe(true);
    }
  });

  it('is mostly non-fiction (few novels)', () => {
    const novels = ['The Alchemist', "Sophie's World"];
    expect(CATALOG.filter((book) => novels.includes(book.en ?? book.title)).length).toBeLessThanOrEqual(2);
  });
});

describe('catalogue rows', () => {
  it('fills edition titles from the original language, and leaves covers to the cover sweep', () => {
    const atomic = CATALOG.find((book) => book.title === 'Atomic Habits');
    expect(atomic).toBeDefined();
    const row = toBookInput(atomic!);
    expect(row).toMatchObject({
      slug: 'atomic-habits',
      originalLanguage: 'en',
      titleEn: 'Atomic Habits',
      titlePt: 'Hábitos Atômicos',
      titleEs: 'Hábitos atómicos',
      isbn13: '9780735211292',
      source: 'catalog',
    });
    expect(row).not.toHaveProperty('coverUrl');
    const alchemist = catalogInputs().find((book) => book.slug === 'the-alchemist');
    expect(alchemist).toMatchObject({
      originalLanguage: 'pt',
      titlePt: 'O Alquimista',
      titleEn: 'The Alchemist',
    });
  });

  it('gives every book a stable UUID from its slug', () => {
    expect(bookIdForSlug('atomic-habits')).toBe(bookIdForSlug('atomic-habits'));
    expect(bookIdForSlug('atomic-habits')).not.toBe(bookIdForSlug('deep-work'));
    expect(bookIdForSlug('atomic-habits')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const ids = catalogInputs().map((book) => book.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hashes the content deterministically', () => {
    expect(contentHash(catalogInputs())).toBe(contentHash(catalogInputs()));
    const changed = catalogInputs().map((book, index) =>
      index === 0 ? { ...book, trendingScore: 1 } : book,
    );
    expect(contentHash(changed)).not.toBe(contentHash(catalogInputs()));
  });

  it('makes kebab-case slugs without accents or apostrophes', () => {
    expect(slugify("Man's Search for Meaning")).toBe('mans-search-for-meaning');
    expect(slugify('Hábitos Atômicos!')).toBe('habitos-atomicos');
    expect(slugify('$100M Offers')).toBe('100m-offers');
  });

  it('makes the slugs it made before foldText (book ids derive from them)', () => {
    const legacySlug = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/['’‘`´]+/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...Array.from("aZ9 '’´-_%.ßİﬁＡ\u0301")), maxLength: 20 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(slugify(value)).toBe(legacySlug(value));
      }),
      { numRuns: 2_000 },
    );
    for (const entry of CATALOG)
      expect(slugOf(entry)).toBe(entry.slug ?? legacySlug(entry.en ?? entry.title));
  });
});

describe('edition choice', () => {
  const record = atomicHabitsRecord({ id: 'x', slug: 'x', trendingScore: 1 });

  it('shows the requested edition when it exists', () => {
    expect(pickEdition(record, 'pt')).toEqual({ title: 'Hábitos Atômicos', lang: 'pt' });
    expect(pickEdition(record, 'en')).toEqual({ title: 'Atomic Habits', lang: 'en' });
  });

  it('falls back to English, then Portuguese, then Spanish', () => {
    expect(pickEdition(record, 'es')).toEqual({ title: 'Atomic Habits', lang: 'en' });
    expect(pickEdition({ ...record, titleEn: null }, 'es')).toEqual({
      title: 'Hábitos Atômicos',
      lang: 'pt',
    });
  });
});

describe('search normal form', () => {
  it('drops case, accents and apostrophes and turns punctuation into spaces', () => {
    expect(foldText('  Hábitos   Atômicos! ')).toBe('habitos atomicos');
    expect(foldText("Man's Search")).toBe('mans search');
    expect(foldText('100% _x_')).toBe('100% _x_');
    expect(foldText('¿?!')).toBe('');
  });
});
