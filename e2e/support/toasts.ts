import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contrastRatio } from './contrast.js';

declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Records the text of every toast any page of the context shows. Toasts stay 800 ms (spec §9),
 * too short to look for reliably on a busy machine, so the page keeps a list instead.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export function toastsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__toasts ?? []);
}

/**
 * Keeps every toast of the context on screen, as a pointer resting on the toast region would:
 * Sonner pauses its timers while the region is hovered. A toast stays 800 ms (spec §9), too short
 * for an accessibility scan started from outside the page, so the page itself 'hovers' the region
 * in the same task the toast appears in.
 */
export async function holdToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[data-sonner-toaster]')) {
        if (region.querySelector('[data-sonner-toast]'))
          region.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Waits until a toast with this text is fully shown (its entrance animation over). */
export async function shownToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.waitFor();
  await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/**
 * The contrast of a toast's text on its own background. axe leaves toasts 'incomplete' (they
 * overlap the page, so it cannot tell their background), hence this direct measure.
 */
export async function toastContrast(page: Page, text: string): Promise<number> {
  const { color, background } = await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: text })
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
  return contrastRatio(color, background);
}
