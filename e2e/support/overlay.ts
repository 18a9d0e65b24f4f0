import type { BrowserContext, Page } from 'playwright-core';

/** What the generation overlay showed, and when, on the page's own clock (performance.now). */
export interface OverlayRecord {
  /** Each new value of the progress bar, with the step marked current at that moment. */
  progress: Array<{ percent: number; step: string; label: string; at: number }>;
  /** When the error first showed in the overlay, its text, and when it went away. */
  error: { text: string; shownAt: number; goneAt: number | null } | null;
  /** When each toast first showed. */
  toasts: Array<{ text: string; at: number }>;
}

declare global {
  interface Window {
    __overlay?: OverlayRecord;
  }
}

/**
 * Records, in every page of the context, the overlay's progress steps, its error and the toasts,
 * each with the time it reached the DOM. Steps and toasts can pass faster than a test could look
 * at them from outside the page, and timings measured in the page carry no round-trip delays.
 */
export async function recordOverlay(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record: OverlayRecord = { progress: [], error: null, toasts: [] };
    window.__overlay = record;
    const check = () => {
      const at = performance.now();
      const bar = document.querySelector('[aria-labelledby="generation-title"] [role="progressbar"]');
      if (bar) {
        const percent = Number(bar.getAttribute('aria-valuenow'));
        if (record.progress.at(-1)?.percent !== percent) {
          const current = document.querySelector<HTMLElement>('li[data-step][aria-current="step"]');
          record.progress.push({
            percent,
            step: current?.dataset.step ?? '',
            label: current?.textContent.trim() ?? '',
            at,
          });
        }
      }
      const error = document.querySelector('[data-testid="generation-error"]');
      if (error && !record.error)
        record.error = { text: error.textContent.trim(), shownAt: at, goneAt: null };
      if (!error && record.error && record.error.goneAt === null) record.error.goneAt = at;
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent.trim();
        if (text && !record.toasts.some((seen) => seen.text === text)) record.toasts.push({ text, at });
      }
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

export async function overlayRecord(page: Page): Promise<OverlayRecord> {
  const record = await page.evaluate(() => window.__overlay);
  if (!record) throw new Error('recordOverlay was not set up for this page');
  return record;
}
