import type { Session } from '@summa/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { adminSession, signUpViaApi, uniqueEmail, visitorAddress } from '../support/accounts.js';
import { launchBrowser, openPage, openTab, type WatchedPage } from '../support/browser.js';

type PageKey = keyof (typeof translations)['pt']['pages'];
/** Who may open a route (spec §6): anyone, a signed-in user, or an admin. */
type Access = 'public' | 'user' | 'admin';

/** Every route of the spec's table with the page whose translated heading it shows. */
const ROUTES: readonly [string, PageKey, Access][] = [
  ['/auth', 'auth', 'public'],
  ['/welcome', 'welcome', 'user'],
  ['/home', 'home', 'user'],
  ['/premium-welcome', 'premiumWelcome', 'user'],
  ['/summary/any-id', 'summary', 'user'],
  ['/history', 'history', 'user'],
  ['/plans', 'plans', 'user'],
  ['/explore', 'explore', 'user'],
  ['/demo', 'demo', 'public'],
  ['/profile', 'profile', 'user'],
  ['/achievements', 'achievements', 'user'],
  ['/ranking', 'ranking', 'user'],
  ['/settings', 'settings', 'user'],
  ['/terms', 'terms', 'public'],
  ['/privacy', 'privacy', 'public'],
  ['/faq', 'faq', 'public'],
  ['/contact', 'contact', 'public'],
  ['/admin', 'admin', 'admin'],
  ['/populate-books', 'populateBooks', 'admin'],
  ['/curation/people', 'curationPeople', 'admin'],
];
const PRIVATE_ROUTES = ROUTES.filter(([, , access]) => access !== 'public');
const ADMIN_ROUTES = ROUTES.filter(([, , access]) => access === 'admin');

/** Routes that also live under /pt, /es and /en. */
const PREFIXED: readonly [string, PageKey][] = [
  ['auth', 'auth'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['faq', 'faq'],
];

/** What Chromium logs when a request answers 404. */
const MISSING_RESOURCE_ERROR =
  'Failed to load resource: the server responded with a status of 404 (Not Found)';

let browser: Browser;
const sessions: Partial<Record<Access, Session>> = {};
beforeAll(async () => {
  browser = await launchBrowser();
  sessions.user = await signUpViaApi(uniqueEmail('routes'));
  sessions.admin = await adminSession();
});
afterAll(async () => {
  await browser.close();
});

/**
 * One browser context per kind of visitor (stored language, session) for the checks that load
 * route after route as that visitor, each route in a fresh page (tab) of its own, with its own
 * console and its own address: the built files then come from the context's cache after its first
 * load, instead of every route paying for a new visitor's downloads. Nothing these checks read
 * differs: the stored language and the session are the same for the whole group, and the server
 * already sees one account per access level.
 */
const visitors = new Map<string, BrowserContext>();

async function openVisitorPage(stored: Language, access: Access | 'visitor'): Promise<WatchedPage> {
  const key = `${stored}:${access}`;
  const existing = visitors.get(key);
  const session = access === 'visitor' ? undefined : sessions[access];
  const watched = existing
    ? await openTab(existing)
    : await openPage(browser, { storedLanguage: stored, ...(session ? { session } : {}) });
  visitors.set(key, watched.context);
  // Each page is its own visitor to the per-address rate limits, as a fresh context would be.
  await watched.page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() });
  return watched;
}

async function closeVisitors() {
  for (const context of visitors.values()) await context.close();
  visitors.clear();
}

async function expectHeading(
  path: string,
  language: Language,
  expected: string,
  {
    stored,
    access = 'public',
    expectedErrors = [],
  }: { stored?: Language; access?: Access; expectedErrors?: readonly string[] } = {},
) {
  const session = sessions[access];
  // A visitor with a stored language shares a context with the same kind of visitor; one without
  // any (the prefixed routes) is a first visit, in a context of its own.
  const { page, errors, context } = stored
    ? await openVisitorPage(stored, access)
    : await openPage(browser, session ? { session } : {});
  await page.goto(path);
  // A prerendered page in the browser's language hands over to the app when the visitor chose
  // another one (issue 24): the app's whole script loads first, which a busy machine makes slow.
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe(expected);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(
    language === 'pt' ? 'pt-BR' : language,
  );
  expect(errors).toEqual(expectedErrors);
  if (stored) await page.close();
  else await context.close();
}

describe.each(LANGUAGES)('every route in %s', (language) => {
  const messages = translations[language];
  afterAll(closeVisitors);

  it.each(ROUTES)('%s shows the %s heading (access: %s)', async (path, key, access) => {
    // An id that names no summary shows the summary page's own not-found heading, after the
    // browser logs the API's 404 for it.
    const missingSummary = key === 'summary';
    await expectHeading(
      path,
      language,
      missingSummary ? messages.summary.notFound.title : messages.pages[key].title,
      {
        stored: language,
        access,
        expectedErrors: missingSummary ? [MISSING_RESOURCE_ERROR] : [],
      },
    );
  });

  it.each(ADMIN_ROUTES)('%s shows the access-denied page to a signed-in non-admin', async (path) => {
    await expectHeading(path, language, messages.auth.forbidden.title, { stored: language, access: 'user' });
  });

  it.each(PREFIXED)(`/${language}/%s shows its translated heading`, async (path, key) => {
    await expectHeading(`/${language}/${path}`, language, messages.pages[key].title);
  });

  it(`/${language} is the landing page in that language and stores it`, async () => {
    const { page, errors, context } = await openPage(browser, { storedLanguage: 'pt' });
    await page.goto(`/${language}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(messages.landing.hero.title);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(language);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('guards', () => {
  afterAll(closeVisitors);

  it.each(PRIVATE_ROUTES)('%s sends a visitor to /auth', async (path) => {
    const { page, errors } = await openVisitorPage('en', 'visitor');
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(translations.en.pages.auth.title);
    // A shared link's id is first looked up for its preview (issue 24): one that names no summary
    // answers 404, which the browser logs, before the visitor goes to /auth as before.
    expect(errors).toEqual(path.startsWith('/summary/') ? [MISSING_RESOURCE_ERROR] : []);
    await page.close();
  });

  it('sends a signed-in user from / and /auth to /home', async () => {
    const { page, context } = await openPage(browser, { storedLanguage: 'en', session: sessions.user! });
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/en/auth');
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });
});

describe('the root route', () => {
  it.each([
    ['pt-BR', undefined, '/pt'],
    ['es-MX', undefined, '/es'],
    ['en-US', undefined, '/en'],
    ['de-DE', undefined, '/pt'],
    ['pt-BR', 'en', '/en'],
  ] as const)('with a %s browser and stored language %s lands on %s', async (locale, stored, target) => {
    const { page, context } = await openPage(
      browser,
      stored ? { locale, storedLanguage: stored } : { locale },
    );
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === target);
    await context.close();
  });
});

describe('errors', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page, errors, context } = await openPage(browser, { storedLanguage: 'en' });
    await page.goto('/this/does/not/exist');
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe(translations.en.pages.notFound.title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Unexpected Application Error!' when a page throws while loading", async () => {
    const { page, context } = await openPage(browser);
    // A page chunk that fails to load makes its route throw, like any render error.
    await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/contact');
    await expect.poll(() => page.locator('h2').first().textContent()).toBe('Unexpected Application Error!');
    await context.close();
  });
});
