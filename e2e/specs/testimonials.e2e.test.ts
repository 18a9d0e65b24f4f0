import { axeViolations } from '../support/axe.js';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Testimonial } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { openPage, useBrowser } from '../support/browser.js';

/**
 * Issue 24, the landing's testimonials on the prerendered page: its HTML has the use cases, and
 * the section's island, once it comes into view, shows readers' approved words from three on. The
 * answers of GET /api/testimonials are the browser's own here, so that the shared server keeps no
 * approval that other specs' landings would show (the approvals themselves are integration tests').
 */
const browser = useBrowser();

const words = (count: number, language: Language): Testimonial[] =>
  Array.from({ length: count }, (_, index) => ({
    nickname: `Leitor${index + 1}`,
    comment: `Comment ${index + 1} <b>not markup</b>`,
    bookTitle: `Book ${index + 1}`,
    language,
  }));

async function answerTestimonials(page: Page, testimonials: Testimonial[], asked: string[]) {
  await page.route(/\/api\/testimonials\?/, (route: Route) => {
    asked.push(new URL(route.request().url()).searchParams.get('language') ?? '');
    return route.fulfill({ status: 200, contentType: 'application/json', json: { testimonials } });
  });
}

describe.each(LANGUAGES)('the prerendered /%s landing’s testimonials', (language) => {
  const texts = translations[language].landing.testimonials;

  it("shows readers' approved words once three are approved, with axe finding nothing", async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const asked: string[] = [];
    await answerTestimonials(page, words(3, language), asked);
    await page.goto(`/${language}`);
    const section = page.locator('section[aria-labelledby="testimonials-title"]');
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(texts.title);
    await section.scrollIntoViewIfNeeded();
    await expect
      .poll(() => section.getByRole('heading', { level: 2 }).textContent())
      .toBe(texts.readers.title);
    expect(asked).toEqual([language]);
    const items = section.getByRole('listitem');
    expect(await items.count()).toBe(3);
    expect(await items.first().textContent()).toContain('Comment 1 <b>not markup</b>');
    expect(await items.first().textContent()).toContain('Leitor1');
    const violations = await axeViolations(page, {
      include: 'section[aria-labelledby="testimonials-title"]',
    });
    expect(violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the use cases while fewer than three are approved', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const asked: string[] = [];
    await answerTestimonials(page, words(2, language), asked);
    await page.goto(`/${language}`);
    const section = page.locator('section[aria-labelledby="testimonials-title"]');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => asked.length).toBe(1);
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(texts.title);
    expect(await section.getByText(texts.items.first.label, { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
