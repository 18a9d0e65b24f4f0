import type { Summary } from '@summa/shared';

/** A short Portuguese fiction summary with accents in its title, for the summary page's tests. */
export const FICTION_SUMMARY: Summary = {
  id: 'sum-pt',
  title: 'Ação e Reação',
  author: 'Autora',
  language: 'pt',
  bookId: null,
  category: null,
  cover_url: null,
  isbn13: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  editorial: false,
  feedback: null,
  related: [],
  content: {
    kind: 'fiction',
    oneLiner: 'Uma história.',
    synopsis: 'Sinopse.',
    themes: ['Tema 1.', 'Tema 2.', 'Tema 3.'],
    characters: [
      { name: 'Ana', description: 'Quem é Ana.' },
      { name: 'Rui', description: 'Quem é Rui.' },
    ],
    writingStyle: 'Simples.',
    recommendedFor: 'Leitores.',
    closing: 'Fim.',
  },
};
