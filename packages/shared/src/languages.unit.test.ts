import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromTag } from './languages.js';

describe('languageFromTag', () => {
  it.each([
    ['pt-BR', 'pt'],
    ['es-419', 'es'],
    ['en_US', 'en'],
    ['EN', 'en'],
  ])('maps %s to %s', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });

  it.each(['fr-FR', '', undefined, null])('rejects %s', (tag) => {
    expect(languageFromTag(tag)).toBeUndefined();
  });
});

describe('languageFromAcceptLanguage', () => {
  it('picks the highest-ranked supported language', () => {
    expect(languageFromAcceptLanguage('fr;q=1, es-MX;q=0.8, en;q=0.5')).toBe('es');
  });
  it('falls back to pt', () => {
    expect(languageFromAcceptLanguage('de, fr')).toBe('pt');
    expect(languageFromAcceptLanguage(undefined)).toBe('pt');
  });
});
