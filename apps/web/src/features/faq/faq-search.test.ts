import { describe, expect, it } from 'vitest';
import { filterFaq, normalizeForSearch } from './faq-search';

const ENTRIES = [
  { id: 'a', question: 'Como funciona o áudio?', answer: 'Voz sintetizada.' },
  { id: 'b', question: 'Posso cancelar?', answer: 'Sim, sem multa.' },
  { id: 'c', question: '¿Qué es la racha?', answer: 'Días seguidos de lectura.' },
];

describe('normalizeForSearch', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeForSearch('  ÁUDIO   Não  ')).toBe('audio nao');
  });
});

describe('filterFaq', () => {
  it('returns every entry for an empty query', () => {
    expect(filterFaq(ENTRIES, '   ')).toHaveLength(3);
  });

  it('matches questions and answers without regard to accents or case', () => {
    expect(filterFaq(ENTRIES, 'AUDIO').map((e) => e.id)).toEqual(['a']);
    expect(filterFaq(ENTRIES, 'dias').map((e) => e.id)).toEqual(['c']);
    expect(filterFaq(ENTRIES, 'qué')).toHaveLength(1);
  });

  it('requires every word of the query', () => {
    expect(filterFaq(ENTRIES, 'cancelar multa').map((e) => e.id)).toEqual(['b']);
    expect(filterFaq(ENTRIES, 'cancelar audio')).toEqual([]);
  });
});
