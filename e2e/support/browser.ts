import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Session } from '@summa/shared';
import { SESSION_STORAGE_KEY, visitorAddress } from './accounts.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium's headless shell (Debian's chromium-headless-shell) when the machine has it: the same
 * Blink without the browser's own windowing, which took the slowest specs about a fifth less time
 * on two cores (ADR 0047); else the full Chromium. CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * One Chromium for a spec file, launched before its tests and closed after them; call it at the
 * file's top level and the getter gives the browser inside tests and hooks.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error('useBrowser: the browser is launched in beforeAll, read it in a test or hook');
    return browser;
  };
}

/** For page.waitForURL: the address's path is `pathname` (whatever its query). */
export function pathIs(pathname: string) {
  return (url: URL) => url.pathname === pathname;
}

/** The text of the page's first <h1>. */
export function heading(page: Page) {
  return page.locator('h1').first().textContent();
}

export function baseURL(): string {
  return inject('baseURL');
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export interface OpenPageOptions extends BrowserContextOptions {
  storedLanguage?: string;
  /** Starts signed in: the session is put in localStorage before the app loads. */
  session?: Session;
}

/**
 * A page in a fresh context that records console errors, for "no console errors" checks. Each
 * context is its own visitor with its own address (see `visitorAddress`). Its service worker is
 * blocked unless asked for: installing one precaches the whole app shell (every chunk), work that
 * each of the hundreds of contexts would repeat for nothing; the installable app's own spec
 * (pwa.e2e) runs with it.
 */
export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<WatchedPage> {
  const { storedLanguage, session, ...contextOptions } = options;
  const context = await browser.newContext({
    baseURL: baseURL(),
    serviceWorkers: 'block',
    ...contextOptions,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress(), ...contextOptions.extraHTTPHeaders },
  });
  return prepared(context, { storedLanguage, session });
}

/**
 * As `openPage`, in a Chromium of its own with a profile on disk in `userDataDir` rather than an
 * off-the-record context: what an installable app needs (Chromium installs nothing incognito).
 * Closing the context closes that Chromium.
 */
export async function openPersistentPage(
  userDataDir: string,
  options: OpenPageOptions = {},
): Promise<WatchedPage> {
  const { storedLanguage, session, ...contextOptions } = options;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
    ...contextOptions,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress(), ...contextOptions.extraHTTPHeaders },
  });
  return prepared(context, { storedLanguage, session });
}

/** The stored language and session put in before the app loads, then a page that records errors. */
async function prepared(
  context: BrowserContext,
  { storedLanguage, session }: Pick<OpenPageOptions, 'storedLanguage' | 'session'>,
): Promise<WatchedPage> {
  if (storedLanguage) {
    await context.addInitScript((language) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
    }, storedLanguage);
  }
  if (session) {
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [SESSION_STORAGE_KEY, JSON.stringify(session)] as const,
    );
  }
  return watch(context);
}

/** Another page (a second tab) in the same context, recording errors alike. */
export async function openTab(context: BrowserContext): Promise<WatchedPage> {
  return watch(context);
}

async function watch(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  // A Content-Security-Policy violation the page's code catches (zod's eval probe did) logs no
  // console error of its own: say it as one, so every "no console errors" check sees it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
