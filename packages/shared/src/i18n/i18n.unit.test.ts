import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { translations } from './index.js';

type Tree = { readonly [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function leaves(tree: Tree): [string, string][] {
  return leafKeys(tree).map((key) => [
    key,
    key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part] ?? '', tree) as string,
  ]);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const reference = leafKeys(translations.pt).sort();

  it.each(LANGUAGES)('%s has exactly the same keys as pt', (language) => {
    expect(leafKeys(translations[language]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s has no empty texts', (language) => {
    const empty = leaves(translations[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same {{placeholders}} as pt', (language) => {
    const ptTexts = new Map(leaves(translations.pt));
    for (const [key, text] of leaves(translations[language])) {
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
