import { describe, expect, it } from 'vitest';
import { editorialDemoSummaries, type DataFile } from './demo-data';

// The server's own data files, as scripts/prerender.js reads them.
const editorial: DataFile[] = Object.entries(
  import.meta.glob<unknown>('../../../server/data/editorial/*.json', { eager: true, import: 'default' }),
).map(([name, json]) => ({ name, json }));
const catalog: DataFile = {
  name: 'data/catalog.json',
  json: Object.values(
    import.meta.glob<unknown>('../../../server/data/catalog.json', { eager: true, import: 'default' }),
  )[0],
};

const demoFile = editorial.find((file) => JSON.stringify(file.json).includes('"demo":true'));

describe('the prerendered /demo’s summary (build time)', () => {
  it('is the editorial demo in each language, titled as the catalogue’s edition in that language', () => {
    const demo = editorialDemoSummaries(editorial, catalog);
    expect([demo.pt.title, demo.en.title, demo.es.title]).toEqual([
      'A Psicologia Financeira',
      'The Psychology of Money',
      'La psicología del dinero',
    ]);
    expect(demo.es).toMatchObject({
      author: 'Morgan Housel',
      language: 'es',
      category: 'finance',
      editorial: true,
      cover_url: null,
      content: { kind: 'nonfiction' },
    });
    expect(demo.es.content.oneLiner).toMatch(/^Que te vaya bien con el dinero/);
  });

  it('stops the build, naming the file, on a malformed editorial file', () => {
    const broken = { name: 'data/editorial/broken.json', json: { book: { title: 'X', author: 'Y' } } };
    expect(() => editorialDemoSummaries([...editorial, broken], catalog)).toThrow(
      /data\/editorial\/broken\.json is not a valid editorial summary/,
    );
  });

  it('stops the build when the library has no demo, or its book is not in the catalogue', () => {
    expect(() =>
      editorialDemoSummaries(
        editorial.filter((file) => file !== demoFile),
        catalog,
      ),
    ).toThrow(/exactly one editorial book must be the demo, found 0/);
    expect(() => editorialDemoSummaries(editorial, { name: 'empty.json', json: { books: [] } })).toThrow(
      /is not in empty\.json/,
    );
  });
});
