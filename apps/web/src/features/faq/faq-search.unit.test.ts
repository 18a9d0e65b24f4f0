import { describe, expect, it } from 'vitest';
import { foldText } from '@summa/shared';
import { filterFaq } from './faq-search';

const ENTRIES = [
  { id: 'a', question: 'Como funciona o áudio?', answer: 'Voz sintetizada.' },
  { id: 'b', question: 'Posso cancelar?', answer: 'Sim, sem multa.' },
  { id: 'c', question: '¿Qué es la racha?', answer: 'Días seguidos de lectura.' },
];

describe('foldText, as the FAQ search uses it', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(foldText('  ÁUDIO   Não  ')).toBe('audio nao');
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

  it('ignores apostrophes and punctuation as the search box does', () => {
    const entries = [{ id: 'd', question: "What's a streak?", answer: 'Days in a row (e-mail reminders).' }];
    expect(filterFaq(entries, 'whats')).toHaveLength(1);
    expect(filterFaq(entries, 'row, e mail')).toHaveLength(1);
  });

  it('requires every word of the query', () => {
    expect(filterFaq(ENTRIES, 'cancelar multa').map((e) => e.id)).toEqual(['b']);
    expect(filterFaq(ENTRIES, 'cancelar audio')).toEqual([]);
  });
});
