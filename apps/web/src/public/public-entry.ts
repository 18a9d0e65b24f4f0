/**
 * The script of the prerendered public pages (ADR 0027). A visitor gets the page as HTML and only
 * this: it stores a /pt, /en or /es page's language (spec §2), closes the language menu on Escape
 * or an outside click, and brings each island (pricing, FAQ search, the landing's testimonials,
 * the demo's narration and sign-up) to life as it comes into view.
 * A signed-in reader, or one who chose another language than the one the server picked for /faq,
 * gets the app itself instead, as the page's address would have given before (issue 24).
 */
import { LANGUAGE_STORAGE_KEY, isLanguage } from '@summa/shared/languages';
import { SESSION_STORAGE_KEY } from '../lib/auth/session-storage';
import { applyThemeChoice, themeChoice } from '../lib/theme';
import type { IslandName } from '../components/island';

type IslandModule = { mount(element: HTMLElement, props: unknown): void };

const ISLANDS: Record<IslandName, () => Promise<IslandModule>> = {
  pricing: () => import('./islands/pricing-island'),
  faq: () => import('./islands/faq-island'),
  testimonials: () => import('./islands/testimonials-island'),
  demoNarration: () => import('./islands/demo-narration-island'),
  demoSignUp: () => import('./islands/demo-sign-up-island'),
};

/** The head tags of the prerendered page, which the app sets itself once it runs. */
const PRERENDERED_HEAD =
  'title, meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"]';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/** The app's own entry script (its address is on <html>: the app is another build, ADR 0027). */
function startApp(): void {
  const app = document.documentElement.dataset.app;
  if (!app) return;
  for (const element of document.head.querySelectorAll(PRERENDERED_HEAD)) element.remove();
  void import(/* @vite-ignore */ app);
}

async function wake(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  const island = await ISLANDS[name]();
  const props: unknown = JSON.parse(element.dataset.islandProps ?? '{}');
  island.mount(element, props);
}

/** Each island as it nears the viewport (its wrapper has no box of its own: its children are watched). */
function wakeIslandsInView(): void {
  const islandOf = new Map<Element, HTMLElement>();
  const observer = new IntersectionObserver(
    (entries) => {
      const woken = new Set<HTMLElement>();
      for (const entry of entries) {
        const island = islandOf.get(entry.target);
        if (entry.isIntersecting && island) woken.add(island);
      }
      for (const island of woken) {
        for (const child of island.children) observer.unobserve(child);
        void wake(island);
      }
    },
    { rootMargin: '200px' },
  );
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
    for (const child of island.children) {
      islandOf.set(child, island);
      observer.observe(child);
    }
  }
}

/** The header's language menu is a <details>: it closes like the app's menu on Escape and outside clicks. */
function closeMenusLikeTheApp(): void {
  const openMenus = () => document.querySelectorAll<HTMLDetailsElement>('details[data-language-menu][open]');
  document.addEventListener('click', (event) => {
    for (const menu of openMenus())
      if (!(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

const pageLanguage = document.documentElement.dataset.language;
const [, first] = window.location.pathname.split('/');
const storedLanguage = stored(LANGUAGE_STORAGE_KEY);
const otherLanguage = !isLanguage(first) && isLanguage(storedLanguage) && storedLanguage !== pageLanguage;

if (stored(SESSION_STORAGE_KEY) !== null || otherLanguage) {
  startApp();
} else {
  if (isLanguage(first)) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, first);
    } catch {
      // Private mode or full storage: the page is in its language all the same.
    }
  }
  // /theme.js set the reader's theme before the first paint; this also tells the browser's bar.
  applyThemeChoice(themeChoice());
  closeMenusLikeTheApp();
  wakeIslandsInView();
}
