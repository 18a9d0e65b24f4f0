import type { BrowserContext, Page } from 'playwright-core';

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
