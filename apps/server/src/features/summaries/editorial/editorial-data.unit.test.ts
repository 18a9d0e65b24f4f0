import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, nonFictionSectionsSchema } from '@summa/shared';
import { loadEditorialFile, loadEditorialLibrary } from './editorial-data.js';

const library = loadEditorialLibrary();

/** Every text of a summary's sections, flattened. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsOf)
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(textsOf)
        : [];

describe('the editorial library (data/editorial)', () => {
  it('holds at least six books, one of them the demo, each in every language to the generator’s schema', () => {
    expect(library.length).toBeGreaterThanOrEqual(6);
    expect(library.filter((entry) => entry.demo)).toHaveLength(1);
    for (const entry of library) {
      expect(Object.keys(entry.summaries).sort()).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) {
        expect(
          nonFictionSectionsSchema.safeParse(entry.summaries[language]).success,
          `${entry.slug} ${language}`,
        ).toBe(true);
      }
    }
  });

  it('gives each book the same shape in every language (a translation, item for item)', () => {
    for (const entry of library) {
      const shapes = LANGUAGES.map((language) => {
        const sections = entry.summaries[language];
        return [
          sections.keyIdeas.length,
          sections.actions.length,
          sections.routine.length,
          sections.sevenDayPlan.map((day) => day.tasks.length),
          sections.metrics.length,
          sections.pitfalls.length,
        ];
      });
      expect(shapes[1], entry.slug).toEqual(shapes[0]);
      expect(shapes[2], entry.slug).toEqual(shapes[0]);
    }
  });

  it('quotes nothing: no quotation marks anywhere in the editors’ texts', () => {
    for (const entry of library) {
      for (const text of LANGUAGES.flatMap((language) => textsOf(entry.summaries[language]))) {
        expect(text, entry.slug).not.toMatch(/["“”„«»‘’‚]/);
      }
    }
  });

  it('refuses a file that breaks the schema, naming the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'summa-editorial-'));
    try {
      const file = path.join(dir, 'broken.json');
      const [first] = library;
      const pt = { ...first!.summaries.pt, keyIdeas: first!.summaries.pt.keyIdeas.slice(0, 2) };
      await writeFile(file, JSON.stringify({ book: first!.book, summaries: { ...first!.summaries, pt } }));
      expect(() => loadEditorialFile(file)).toThrow(/broken\.json is not a valid editorial summary/);
      await writeFile(
        file,
        JSON.stringify({ book: first!.book, summaries: { ...first!.summaries, fr: first!.summaries.en } }),
      );
      expect(() => loadEditorialFile(file)).toThrow(/not a valid editorial summary/);
      // A library must have exactly one demo.
      await writeFile(file, JSON.stringify({ book: first!.book, summaries: first!.summaries }));
      expect(() => loadEditorialLibrary(dir)).toThrow(/exactly one editorial book must be the demo, found 0/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
