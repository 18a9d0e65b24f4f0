import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Theme = 'light' | 'dark';

/**
 * Shows the page in a theme as a system setting would (ADR 0034): the app follows the system's
 * while the reader has chosen none. Waits until the colour transitions that started have ended
 * (and React has redrawn what reads the theme, such as the toasts and the admin's charts).
 */
export async function showTheme(page: Page, theme: Theme, clockPaused = false): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await onPageClock(
    page,
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
      await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    }),
    clockPaused,
  );
}

/** How far a paused page clock is moved at a time while waiting: a quarter of a frame. */
const CLOCK_STEP_MS = 4;
/** Clock steps in a row that may fail (another page of the context closing) before giving up. */
const MAX_FAILED_CLOCK_STEPS = 3;

/**
 * Waits for `work`, which runs in the page. On a page whose fake clock is paused (Playwright's
 * `clock.pauseAt`), its frames and timers (axe yields to a zero timeout after each rule) only
 * fire when the clock is moved, so it is moved in small steps until the work is done: far less
 * than the timers the test holds back (a 5 s celebration) but enough for the work's own.
 */
async function onPageClock<T>(page: Page, work: Promise<T>, clockPaused: boolean): Promise<T> {
  if (!clockPaused) return work;
  const progress = { done: false };
  const settled = work.finally(() => {
    progress.done = true;
  });
  let failedSteps = 0;
  while (!progress.done) {
    try {
      await page.clock.runFor(CLOCK_STEP_MS);
      failedSteps = 0;
    } catch (error) {
      // The clock is the context's, so it also moves the blank page that axe opens for its last
      // step and closes when done: a page closing mid-step fails that step, not the check. The
      // checked page closing, or a clock that keeps failing, is the error to report, not the
      // work's own.
      failedSteps += 1;
      if (page.isClosed() || failedSteps > MAX_FAILED_CLOCK_STEPS) {
        settled.catch(() => undefined);
        throw error;
      }
    }
  }
  return settled;
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** The rules' tags; WCAG 2 A and AA unless told. */
  tags?: readonly string[] | null;
  /**
   * The page's fake clock is paused (to hold something timed on screen while it is checked):
   * it is moved a few milliseconds at a time while the check waits on the page.
   */
  clockPaused?: boolean;
}

/**
 * The rules whose outcome depends on colour, the only ones a theme can change: the rest (names,
 * roles, structure, language) read the same page in either theme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violationsNow(
  page: Page,
  { include, tags = ['wcag2a', 'wcag2aa'], clockPaused = false }: AxeOptions,
  onlyColour: boolean,
) {
  const builder = new AxeBuilder({ page });
  if (onlyColour) builder.withRules(COLOUR_RULES);
  else if (tags) builder.withTags([...tags]);
  if (include) builder.include(include);
  const results = await onPageClock(page, builder.analyze(), clockPaused);
  return results.violations;
}

/**
 * Axe's violations on the page as it is now, in the light theme and then in the dark one, on the
 * same page (no second navigation); each with its theme, its impact and what it hit. The dark
 * pass runs the colour rules only.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}) {
  const found: { id: string; impact: string | null; targets: string[] }[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme, options.clockPaused);
    for (const violation of await violationsNow(page, options, theme === 'dark')) {
      found.push({
        id: theme === 'light' ? violation.id : `${violation.id} (dark)`,
        impact: violation.impact ?? null,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }
  await showTheme(page, 'light', options.clockPaused);
  return found;
}

/** A soft check, so that one screen's violations do not hide the next screen's. */
export async function expectNoViolations(page: Page, state: string, options: AxeOptions = {}) {
  expect.soft({ state, violations: await axeViolations(page, options) }).toEqual({ state, violations: [] });
}
