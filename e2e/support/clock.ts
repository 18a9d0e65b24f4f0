import type { Page } from 'playwright-core';

/** How far ahead of the page's clock a pause is set: it may run on before the pause arrives. */
const PAUSE_AHEAD_MS = 200;

/**
 * Pauses the page's fake clock (installed with `clock.install`) within PAUSE_AHEAD_MS of where it
 * is. Playwright refuses a pause in the past, and on a loaded machine the clock can pass any
 * moment read from the page before the pause reaches it: then it is read again.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const at = await page.evaluate((ahead) => Date.now() + ahead, PAUSE_AHEAD_MS);
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
