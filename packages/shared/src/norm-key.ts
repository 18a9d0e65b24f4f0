import type { Language } from './languages.js';

/** Joins the parts of a norm_key; punctuation is removed from the parts, so it cannot occur in them. */
export const NORM_KEY_SEPARATOR = '|';

/**
 * One part of a norm_key (spec §3): lowercased, accents and punctuation removed, whitespace
 * collapsed. Symbols go too ('&', '+'), so 'Sapiens: A Brief History' and 'sapiens a brief
 * history' meet.
 */
export function normalizeKeyPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The cache key of a summary: one per book (title and author) and language. */
export function normKey(title: string, author: string, language: Language): string {
  return [normalizeKeyPart(title), normalizeKeyPart(author), language].join(NORM_KEY_SEPARATOR);
}
