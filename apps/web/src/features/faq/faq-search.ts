/** Lowercases, strips accents and collapses whitespace, so "Açúcar" matches "acucar". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/**
 * The entries whose question or answer contains every word of the query, ignoring case and
 * accents. An empty query matches everything.
 */
export function filterFaq<T extends FaqEntry>(entries: readonly T[], query: string): T[] {
  const words = normalizeForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = normalizeForSearch(`${entry.question} ${entry.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
