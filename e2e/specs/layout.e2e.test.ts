import type { Session } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { apiAs } from '../support/api.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { sharedSummaryPath } from '../support/summaries.js';

/** Issue 14: no screen may scroll sideways on a small phone, a common phone or a tablet. */
const WIDTHS = [320, 390, 768] as const;
const HEIGHT = 844;

const PUBLIC_ROUTES = ['/pt', '/en', '/es', '/auth', '/demo', '/terms', '/privacy', '/faq', '/contact'];
/** Replaced by a real summary's path before the walk: the page with the most text on it. */
const SUMMARY_ROUTE = '/summary/:generated';
const USER_ROUTES = [
  '/welcome',
  '/home',
  '/premium-welcome',
  '/summary/any-id',
  SUMMARY_ROUTE,
  '/history',
  '/plans',
  '/explore',
  '/explore?category=habits',
  '/profile',
  '/achievements',
  '/ranking',
  '/settings',
  '/review',
  '/offline',
];
const ADMIN_ROUTES = ['/admin', '/populate-books', '/curation/people'];

/** How far the document scrolls sideways as laid out now, and the elements past the edge. */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return null;
    // The innermost elements that stick out name the culprit in the failure message.
    // Elements inside their own sideways scroller (chip rows) do not widen the page.
    const inScroller = (element: HTMLElement) =>
      element.parentElement?.closest<HTMLElement>('*') !== null &&
      [...document.querySelectorAll<HTMLElement>('*')].some(
        (box) => box !== element && box.contains(element) && getComputedStyle(box).overflowX !== 'visible',
      );
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) => element.getBoundingClientRect().right > root.clientWidth + 0.5 && !inScroller(element),
    );
    const leaves = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    const names = leaves
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return `${overflow}px (${names.join(' | ')})`;
  });
}

let browser: Browser;
let user: Session;
let admin: Session;
let userRoutes: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpViaApi(uniqueEmail('layout'));
  admin = await adminSession();
  const summary = await sharedSummaryPath('The Lean Startup', 'Eric Ries');
  userRoutes = USER_ROUTES.map((path) => (path === SUMMARY_ROUTE ? summary : path));
});

afterAll(async () => {
  await browser.close();
});

/**
 * Each route loads once, at the narrowest width, and is measured there and again after the
 * window widens to each other width (media queries and resize listeners apply as they would on
 * a turned tablet): three loads of every route would only repeat the same requests.
 */
async function walk(routes: string[], session?: Session): Promise<string[]> {
  const [narrowest, ...wider] = WIDTHS;
  const { context, page } = await openPage(browser, {
    viewport: { width: narrowest, height: HEIGHT },
    session,
  });
  const overflowing: string[] = [];
  try {
    for (const path of routes) {
      await page.setViewportSize({ width: narrowest, height: HEIGHT });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
      for (const width of [narrowest, ...wider]) {
        if (width !== narrowest) {
          await page.setViewportSize({ width, height: HEIGHT });
          // Two frames: the resize's re-render and the layout after it.
          await page.evaluate(
            () =>
              new Promise<void>((resolve) =>
                requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
              ),
          );
        }
        const overflow = await sidewaysOverflow(page);
        if (overflow) overflowing.push(`${path} at ${width} px: ${overflow}`);
      }
    }
  } finally {
    await context.close();
  }
  return overflowing;
}

describe(`at ${WIDTHS.join(', ')} px wide`, () => {
  it('no public route scrolls sideways (signed out)', async () => {
    expect(await walk(PUBLIC_ROUTES)).toEqual([]);
  });

  it('no signed-in route scrolls sideways, a real summary and Explore with a category picked included', async () => {
    expect(await walk(userRoutes, user)).toEqual([]);
  });

  it('no admin route scrolls sideways', async () => {
    expect(await walk(ADMIN_ROUTES, admin)).toEqual([]);
  });
});

describe('the console at /', () => {
  async function consoleAt(session?: Session): Promise<string[]> {
    // With its service worker, as a visitor's browser loads the app.
    const { context, page } = await openPage(browser, { session, serviceWorkers: 'allow' });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    try {
      await page.goto('/');
      await page.waitForURL(session ? '**/home' : /\/(pt|en|es)$/);
      await page.locator('h1').first().waitFor();
    } finally {
      await context.close();
    }
    return messages;
  }

  it('logs no warning or error for a visitor', async () => {
    expect(await consoleAt()).toEqual([]);
  });

  it('logs no warning or error for a signed-in reader', async () => {
    expect(await consoleAt(user)).toEqual([]);
  });
});

/** A box on the page; throws when the element is not laid out. */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator.toString()}`);
  return box;
}

describe('issue 23: what a new reader saw, in pt and es', () => {
  const LANGUAGES = ['pt', 'es'] as const;

  it.each(LANGUAGES)(
    "%s: the 'Surprise me' dialog's buttons lie inside it at 1366 and 390 px",
    async (language) => {
      const t = translations[language].search.explore;
      const { page, context, errors } = await openPage(browser, {
        storedLanguage: language,
        session: user,
        viewport: { width: 1366, height: HEIGHT },
      });
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto('/explore');
        await page.getByTestId('book-card').first().waitFor();
        await page.getByRole('button', { name: t.surprise }).click();
        const dialog = page.getByRole('dialog', { name: t.surpriseTitle });
        await dialog.getByTestId('surprise-book').waitFor();
        // Its entrance over: the boxes are final.
        await page.waitForLoadState('networkidle');
        const outer = await boxOf(dialog);
        const buttons = dialog.locator('button, a');
        expect(await buttons.count()).toBe(3);
        for (const button of await buttons.all()) {
          const inner = await boxOf(button);
          const label = `${language} at ${width} px: ${await button.innerText()}`;
          expect({ label, inside: true }).toEqual({
            label,
            inside:
              inner.x >= outer.x &&
              inner.y >= outer.y &&
              inner.x + inner.width <= outer.x + outer.width + 0.5 &&
              inner.y + inner.height <= outer.y + outer.height + 0.5,
          });
          // And the label inside its button, not cut off.
          expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(LANGUAGES)(
    "%s at 390 px: /achievements' unlocked count does not overlap the locked tab",
    async (language) => {
      const filters = translations[language].achievements.filters;
      // Two achievements unlocked, as in the report: a summary (first_summary) and its read (first_read).
      const reader = await signUpViaApi(uniqueEmail(`layout-achievements-${language}`), { language });
      const generated = await apiAs(reader, '/api/summaries', {
        bookTitle: 'Deep Work',
        bookAuthor: 'Cal Newport',
        language,
      });
      const { summaryId } = (await generated.json()) as { summaryId: string };
      expect(
        (await apiAs(reader, '/api/xp', { eventType: 'read_summary', subjectId: summaryId })).status,
      ).toBe(200);
      const { page, context, errors } = await openPage(browser, {
        storedLanguage: language,
        session: reader,
        viewport: { width: 390, height: HEIGHT },
      });
      await page.goto('/achievements');
      await page.getByTestId('achievement-card').first().waitFor();
      const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
      const unlocked = tab(filters.unlocked);
      const locked = tab(filters.locked);
      expect(await unlocked.getByTestId('filter-count').textContent()).toBe('2');
      const [a, b] = [await boxOf(unlocked), await boxOf(locked)];
      const intersect =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(intersect).toBe(false);
      // The count sits within its own tab, and every tab within the screen.
      const count = await boxOf(unlocked.getByTestId('filter-count'));
      expect(count.x + count.width).toBeLessThanOrEqual(a.x + a.width);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(LANGUAGES)(
    '%s at 390 px: the footer keeps the copyright and the version apart',
    async (language) => {
      const footer = translations[language].common.footer;
      const { page, context } = await openPage(browser, {
        storedLanguage: language,
        viewport: { width: 390, height: HEIGHT },
      });
      await page.goto(`/${language}`);
      const element = page.locator('footer');
      await element.getByTestId('version-label').waitFor();
      const text = await element.innerText();
      const copyright = footer.copyright.replace('{{year}}', String(new Date().getFullYear()));
      // What separates them in the text (a screen reader's, a copy's): a space or a line break.
      const end = text.indexOf(copyright) + copyright.length;
      expect(text.indexOf(copyright)).toBeGreaterThanOrEqual(0);
      expect(text.slice(end, text.indexOf(footer.version, end))).toMatch(/^\s+$/);
      // Apart on screen too: on another line, or at least a gap's width away.
      const [left, right] = [
        await boxOf(element.getByTestId('copyright')),
        await boxOf(element.getByTestId('version-label')),
      ];
      const apart = right.y >= left.y + left.height || right.x >= left.x + left.width + 12;
      expect(apart).toBe(true);
      await context.close();
    },
  );
});
