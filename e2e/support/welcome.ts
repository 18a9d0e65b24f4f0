import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { heading, pathIs } from './browser.js';

/**
 * Runs out the welcome page's 5 s countdown on the page's held clock (see clock.ts): still on
 * /welcome a second before its end, then on to /home, whose heading is `homeTitle`.
 */
export async function runOutWelcomeCountdown(page: Page, homeTitle: string): Promise<void> {
  await page.clock.fastForward(4_000);
  expect(new URL(page.url()).pathname).toBe('/welcome');
  await page.clock.fastForward(1_100);
  // A jump fires the countdown's one-second timer once: the rest of it, and the way on to /home,
  // run on the page's timers, as real time.
  await page.clock.resume();
  await page.waitForURL(pathIs('/home'));
  await expect.poll(() => heading(page)).toBe(homeTitle);
}
