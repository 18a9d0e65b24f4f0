import { describe, expect, it } from 'vitest';
import { FICTION_SECTIONS, NON_FICTION_SECTIONS, translations } from '@summa/shared';
import { sampleFiction, sampleNonFiction } from '../../../test/summary-responder.js';
import { summaryPdfSections } from './summary-pdf-blocks.js';

describe('the sections of the PDF', () => {
  it('lays out every non-fiction section in order, under headings in the summary language', () => {
    const content = { kind: 'nonfiction' as const, ...sampleNonFiction('Livro') };
    const sections = summaryPdfSections(content, 'pt');
    expect(sections.map((section) => section.key)).toEqual(NON_FICTION_SECTIONS);
    expect(sections.map((section) => section.heading)).toEqual(
      NON_FICTION_SECTIONS.map((key) => translations.pt.summary.sections[key]),
    );
    const byKey = Object.fromEntries(sections.map((section) => [section.key, section.body]));
    expect(byKey.oneLiner).toEqual({ kind: 'lead', text: content.oneLiner });
    expect(byKey.actions).toEqual({ kind: 'list', numbered: true, items: content.actions });
    expect(byKey.pitfalls).toEqual({ kind: 'list', numbered: false, items: content.pitfalls });
    expect(byKey.keyIdeas).toMatchObject({
      kind: 'entries',
      numbered: true,
      entries: [{ title: 'Idea 1 of Livro', text: 'Explanation 1 of Livro.' }, {}, {}, {}, {}],
    });
    expect(byKey.sevenDayPlan).toMatchObject({
      kind: 'entries',
      entries: [{ title: 'Dia 1: Day 1 focus', bullets: ['Task for day 1'] }, {}, {}, {}, {}, {}, {}],
    });
  });

  it('lays out every fiction section, in Spanish for a Spanish summary', () => {
    const content = { kind: 'fiction' as const, ...sampleFiction('Novela') };
    const sections = summaryPdfSections(content, 'es');
    expect(sections.map((section) => section.key)).toEqual(FICTION_SECTIONS);
    expect(sections.map((section) => section.heading)).toEqual([
      'En una frase',
      'Sinopsis',
      'Temas',
      'Personajes',
      'Estilo de escritura',
      'Recomendado para',
      'Cierre',
    ]);
    expect(sections[3]?.body).toEqual({
      kind: 'entries',
      numbered: false,
      entries: content.characters.map((character) => ({
        title: character.name,
        text: character.description,
      })),
    });
  });
});
