import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, detectLanguage, i18n, setLanguage } from './i18n';

function browserLanguage(tag: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
}

describe('detectLanguage (spec §1)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prefers the stored language', () => {
    localStorage.setItem('language', 'en');
    browserLanguage('es-MX');
    expect(detectLanguage()).toBe('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    localStorage.setItem('language', 'fr');
    browserLanguage('es-419');
    expect(detectLanguage()).toBe('es');
  });

  it('uses the browser language when supported, else pt', () => {
    browserLanguage('en-GB');
    expect(detectLanguage()).toBe('en');
    browserLanguage('de-DE');
    expect(detectLanguage()).toBe('pt');
  });
});

describe('setLanguage', () => {
  it('switches i18next, stores the choice and sets the document language', () => {
    setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('pages.notFound.title')).toBe('Página no encontrada');
    setLanguage('pt');
  });
});
