import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Theme = 'light' | 'dark';

/**
 * Shows the page in a theme as a system setting would (ADR 0034): the app follows the system's
 * while the reader has chosen none. Waits until the colour transitions that started have ended
 * (and React has redrawn what reads the theme, such as the toasts and the admin's charts).
 */
export async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  });
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** The rules' tags; WCAG 2 A and AA unless told. */
  tags?: readonly string[] | null;
}

/**
 * The rules whose outcome depends on colour, the only ones a theme can change: the rest (names,
 * roles, structure, language) read the same page in either theme.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violationsNow(
  page: Page,
  { include, tags = ['wcag2a', 'wcag2aa'] }: AxeOptions,
  onlyColour: boolean,
) {
  const builder = new AxeBuilder({ page });
  if (onlyColour) builder.withRules(COLOUR_RULES);
  else if (tags) builder.withTags([...tags]);
  if (include) builder.include(include);
  const results = await builder.analyze();
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
    await showTheme(page, theme);
    for (const violation of await violationsNow(page, options, theme === 'dark')) {
      found.push({
        id: theme === 'light' ? violation.id : `${violation.id} (dark)`,
        impact: violation.impact ?? null,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }
  await showTheme(page, 'light');
  return found;
}

/** A soft check, so that one screen's violations do not hide the next screen's. */
export async function expectNoViolations(page: Page, state: string, options: AxeOptions = {}) {
  expect.soft({ state, violations: await axeViolations(page, options) }).toEqual({ state, violations: [] });
}
