import { defineFoldRule, foldTextWith } from './fold-text.js';
import type { Language } from './languages.js';

/** Joins the parts of a norm_key; punctuation is removed from the parts, so it cannot occur in them. */
export const NORM_KEY_SEPARATOR = '|';

const PUNCTUATION_OR_SYMBOL = /^[\p{P}\p{S}]$/u;
const WHITESPACE = /^\s$/u;

/**
 * norm_keys are stored, so their rule stays as it was: every punctuation mark and symbol is
 * dropped (its neighbours join: 'rock-n-roll' -> 'rocknroll'), only whitespace breaks words, and
 * anything else is kept. foldText breaks words at punctuation instead.
 */
const NORM_KEY_FOLD_RULE = defineFoldRule((character) =>
  PUNCTUATION_OR_SYMBOL.test(character) ? 'drop' : WHITESPACE.test(character) ? 'break' : 'keep',
);

/**
 * One part of a norm_key (spec §3): lowercased, accents and punctuation removed, whitespace
 * collapsed. Symbols go too ('&', '+'), so 'Sapiens: A Brief History' and 'sapiens a brief
 * history' meet.
 */
export function normalizeKeyPart(text: string): string {
  return foldTextWith(text, NORM_KEY_FOLD_RULE);
}

/** The cache key of a summary: one per book (title and author) and language. */
export function normKey(title: string, author: string, language: Language): string {
  return [normalizeKeyPart(title), normalizeKeyPart(author), language].join(NORM_KEY_SEPARATOR);
}
