import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { showTheme } from './axe.js';

/** A phone's and a laptop's window. */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

const HIDDEN_OVER_PARTS = 'header, [data-sonner-toaster] { visibility: hidden !important; }';

/**
 * Pictures for a person to look at, taken only when SHOTS_DIR names a folder: the whole page (or
 * one part of it) at a phone's and a laptop's width, in the light and the dark theme, as
 * `<name>-<width>-<theme>.png`. The page gets its own size and the light theme back after.
 */
export async function shots(page: Page, name: string, part?: Locator): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const own = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await showTheme(page, theme);
      const file = path.join(folder, `${name}-${size.width}-${theme}.png`);
      // The sticky header, and toasts, would be painted over a part where the picture is stitched.
      if (part) await part.screenshot({ path: file, style: HIDDEN_OVER_PARTS });
      else await page.screenshot({ path: file, fullPage: true });
    }
  }
  await showTheme(page, 'light');
  if (own) await page.setViewportSize(own);
}
