/**
 * The colour theme (ADR 0034): the system's by default, or the one the reader chose on this
 * device. The choice is <html data-theme> (absent for the system's), which index.css turns into
 * `color-scheme`; public/theme.js sets it from storage before the first paint.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/** public/theme.js reads the same key (a unit test holds them together). */
export const THEME_STORAGE_KEY = 'summa.theme';

/** The browser's bar colour in each theme (index.html's theme-color metas). */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { light: '#312e81', dark: '#0c0a09' };

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export function storedThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme a choice shows now. */
export function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** Puts a choice on the page: <html data-theme>, and the metas that tell the browser about it. */
export function applyThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  document
    .querySelector('meta[name="color-scheme"]')
    ?.setAttribute('content', choice === 'system' ? 'light dark' : choice);
  // Each theme-color meta answers its media query; a fixed choice gives both its own colour.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own: Theme = (meta.getAttribute('media') ?? '').includes('dark') ? 'dark' : 'light';
    meta.content = THEME_COLORS[choice === 'system' ? own : choice];
  }
}

/** Keeps the choice on this device and shows it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (a private window): the choice still holds on this page.
  }
  applyThemeChoice(choice);
  current = choice;
  for (const listener of listeners) listener();
}

let current: ThemeChoice | null = null;

/** The choice on this page (read from storage once). */
export function themeChoice(): ThemeChoice {
  current ??= storedThemeChoice();
  return current;
}

/** Calls back when the shown theme may have changed: a choice here or in another tab, or the system's. */
export function onThemeChange(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  media?.addEventListener('change', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = storedThemeChoice();
    applyThemeChoice(current);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}
