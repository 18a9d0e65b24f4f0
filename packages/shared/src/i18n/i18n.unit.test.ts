import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { consoleTexts } from './admin-console.js';
import { translations } from './index.js';
import { peopleTexts } from './people.js';

type Tree = { readonly [key: string]: string | Tree };

/** Each text with its path; a key may itself hold dots (the console's audit actions). */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const leafKeys = (tree: Tree) => leaves(tree).map(([key]) => key);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['translations', translations],
  ['the people namespace', peopleTexts],
  ['the console namespace', consoleTexts],
] as const)('%s', (_name, texts: Record<(typeof LANGUAGES)[number], Tree>) => {
  const reference = leafKeys(texts.pt).sort();

  it.each(LANGUAGES)('%s has exactly the same keys as pt', (language) => {
    expect(leafKeys(texts[language]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s has no empty texts', (language) => {
    const empty = leaves(texts[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same {{placeholders}} as pt', (language) => {
    const ptTexts = new Map(leaves(texts.pt));
    for (const [key, text] of leaves(texts[language])) {
      expect(placeholders(text), key).toEqual(placeholders(ptTexts.get(key) ?? ''));
    }
  });
});

/** Every word a language may use for the free plan; only the landing's pricing name may appear (issue 14). */
const FREE_PLAN_WORDS = /\bplan[o]?\s+(free|gratuito|gratis)\b|\b(free|gratuito|gratis)\s+plan\b/gi;

describe('the free plan', () => {
  it.each(LANGUAGES)('%s calls it by the landing pricing name everywhere', (language) => {
    const name = translations[language].landing.pricing.free.name.toLowerCase();
    const others = leaves(translations[language]).flatMap(([key, text]) =>
      [...text.matchAll(FREE_PLAN_WORDS)]
        .map((match) => (match[1] ?? match[2] ?? '').toLowerCase())
        .filter((word) => word !== name)
        .map((word) => `${key}: ${word}`),
    );
    expect(others).toEqual([]);
  });
});
