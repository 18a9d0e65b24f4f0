import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2 A and AA violations on the page as it is now, with what each one hit. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** A soft check, so that one screen's violations do not hide the next screen's. */
export async function expectNoViolations(page: Page, state: string) {
  expect.soft({ state, violations: await axeViolations(page) }).toEqual({ state, violations: [] });
}
