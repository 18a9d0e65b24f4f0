import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyThemeChoice,
  resolveTheme,
  setThemeChoice,
  storedThemeChoice,
  THEME_COLORS,
  THEME_STORAGE_KEY,
} from './theme';

const root = document.documentElement;

function metas() {
  document.head.innerHTML = `
    <meta name="color-scheme" content="light dark" />
    <meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)" />`;
}

function metaContents() {
  return [...document.head.querySelectorAll('meta')].map((meta) => meta.content);
}

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the theme choice (ADR 0034)', () => {
  beforeEach(() => {
    localStorage.clear();
    delete root.dataset.theme;
    metas();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the system’s until the reader chooses, and ignores what it does not know', () => {
    expect(storedThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(storedThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(storedThemeChoice()).toBe('dark');
  });

  it('resolves the system’s choice from prefers-color-scheme', () => {
    systemPrefersDark(true);
    expect(resolveTheme('system')).toBe('dark');
    expect(resolveTheme('light')).toBe('light');
    systemPrefersDark(false);
    expect(resolveTheme('system')).toBe('light');
  });

  it('puts a fixed choice on <html> and in both theme-color metas; the system’s takes them off', () => {
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(metaContents()).toEqual(['dark', THEME_COLORS.dark, THEME_COLORS.dark]);

    setThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(root.dataset.theme).toBeUndefined();
    expect(metaContents()).toEqual(['light dark', THEME_COLORS.light, THEME_COLORS.dark]);

    applyThemeChoice('light');
    expect(root.dataset.theme).toBe('light');
    expect(metaContents()).toEqual(['light', THEME_COLORS.light, THEME_COLORS.light]);
  });

  it('is set before the first paint by public/theme.js, from the same key', () => {
    const script = readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8');
    const run = () => {
      // The classic script as the browser runs it, with this document's globals.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const classic = new Function(script) as () => void;
      classic();
    };
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root.dataset.theme).toBe('dark');
    delete root.dataset.theme;
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    run();
    expect(root.dataset.theme).toBeUndefined();
  });
});
