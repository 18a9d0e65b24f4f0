import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { CONTACT_TO, signUpViaApi, uniqueEmail } from '../support/accounts.js';
import { expectNoViolations } from '../support/axe.js';
import { useBrowser, openPage } from '../support/browser.js';
import { waitForMail } from '../support/mailbox.js';

/**
 * Issue 24, the contact page: a visitor on a phone (390 px) sends a message in each language,
 * meeting the spec's 'Please fill in all fields.' first; the team gets it by mail (CONTACT_TO,
 * the local SMTP server); axe finds nothing in the empty, refused and sent states (pictures of
 * the last two go to /tmp/shots). The FAQ's 'go to contact' lands on the form, and a signed-in
 * reader finds their name and e-mail filled in.
 */
const browser = useBrowser();

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots';

/** A picture of the whole page, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The newest mail to the team that holds `marker`, once it has arrived. */
async function teamMailWith(marker: string) {
  let found: Awaited<ReturnType<typeof waitForMail>> | undefined;
  await expect
    .poll(async () => {
      const mail = await waitForMail(CONTACT_TO);
      found = mail.text.includes(marker) ? mail : undefined;
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

describe.each(LANGUAGES)('the %s contact page on a phone', (language) => {
  const texts = translations[language].contact;

  it('refuses empty fields, then sends the message to the team and says so, with axe finding nothing', async () => {
    const { page, errors, context } = await openPage(browser(), {
      storedLanguage: language,
      viewport: PHONE,
    });
    await page.goto('/contact');
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe(translations[language].pages.contact.title);
    await expectNoViolations(page, 'empty');

    const form = page.getByRole('form', { name: texts.form.label });
    await form.getByRole('button', { name: texts.form.submit }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(texts.validation.required);
    expect(await form.getByLabel(texts.form.name, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoViolations(page, 'refused');
    await shoot(page, `contact-390-${language}-refused`);

    const email = uniqueEmail(`contact-${language}`);
    const marker = `e2e ${language} ${randomUUID().slice(0, 8)}`;
    await form.getByLabel(texts.form.name, { exact: true }).fill('Ana Souza');
    await form.getByLabel(texts.form.email, { exact: true }).fill(email);
    await form
      .getByLabel(texts.form.message, { exact: true })
      .fill(`Uma dúvida (${marker}): como troco o idioma?`);
    await form.getByRole('button', { name: texts.form.submit }).click();

    const sent = page.getByRole('status').filter({ hasText: texts.sent.title });
    await expect.poll(() => sent.count()).toBe(1);
    expect(await sent.textContent()).toContain(email);
    await expectNoViolations(page, 'sent');
    await shoot(page, `contact-390-${language}-sent`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const mail = await teamMailWith(marker);
    expect(mail.to).toContain(CONTACT_TO);
    expect(mail.subject).toBe(texts.mail.subject.replace('{{name}}', 'Ana Souza'));
    expect(mail.text).toContain(email);
    expect(mail.text).toContain(`Uma dúvida (${marker}): como troco o idioma?`);

    // Another message starts from an empty text, keeping the sender.
    await page.getByRole('button', { name: texts.sent.again }).click();
    expect(await form.getByLabel(texts.form.email, { exact: true }).inputValue()).toBe(email);
    expect(await form.getByLabel(texts.form.message, { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the way to the contact page', () => {
  it("the FAQ's 'go to contact' lands on the form", async () => {
    const { page, errors, context } = await openPage(browser(), { storedLanguage: 'en', viewport: PHONE });
    await page.goto('/faq');
    await page.getByRole('link', { name: translations.en.faq.more.cta }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contact');
    await expect
      .poll(() => page.getByRole('form', { name: translations.en.contact.form.label }).count())
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fills in a signed-in reader's name and e-mail", async () => {
    const email = uniqueEmail('contact-reader');
    const session = await signUpViaApi(email, { fullName: 'Bia Leitora', language: 'es' });
    const { page, errors, context } = await openPage(browser(), {
      storedLanguage: 'es',
      viewport: PHONE,
      session,
    });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: translations.es.contact.form.label });
    await expect
      .poll(() => form.getByLabel(translations.es.contact.form.name, { exact: true }).inputValue())
      .toBe('Bia Leitora');
    expect(await form.getByLabel(translations.es.contact.form.email, { exact: true }).inputValue()).toBe(
      email,
    );
    await expectNoViolations(page, 'prefilled');
    expect(errors).toEqual([]);
    await context.close();
  });
});
