import { foldText } from '@summa/shared/fold-text';

/** Spec §2: the FAQ has 15 questions, in this order. */
export const FAQ_KEYS = [
  'whatIs',
  'howMade',
  'languages',
  'freePlan',
  'premium',
  'prices',
  'cancel',
  'audio',
  'levels',
  'streaks',
  'ranking',
  'privacy',
  'pdf',
  'accuracy',
  'contact',
] as const;

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/**
 * The entries whose question or answer contains every word of the query, folded as the search
 * box folds (foldText: case, accents, apostrophes and punctuation). An empty query matches everything.
 */
export function filterFaq<T extends FaqEntry>(entries: readonly T[], query: string): T[] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = foldText(`${entry.question} ${entry.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
