import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { translations } from '@summa/shared/i18n';
import { LANGUAGES } from '@summa/shared/languages';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { LandingPage } from './landing-page';

const CURRENCY = { pt: 'BRL', en: 'USD', es: 'EUR' } as const;
/** Premium's monthly and yearly price as Intl writes them for each language (plans.ts figures). */
const PRICES = {
  pt: [/^R\$\s14,99$/, /^R\$\s149$/],
  en: [/^\$4\.99$/, /^\$49$/],
  es: [/^USD\s4\.99$/, /^USD\s49$/],
} as const;

afterAll(() => {
  setLanguage('pt');
});

describe.each(LANGUAGES)('the %s landing page', (language) => {
  const messages = translations[language].landing;

  function renderLanding() {
    act(() => {
      setLanguage(language);
    });
    return render(
      <MemoryRouter initialEntries={[`/${language}`]}>
        <LandingPage />
      </MemoryRouter>,
    );
  }

  it('shows the hero and every section, with headings in order', () => {
    const { container } = renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(messages.hero.title);
    expect(screen.getByText(messages.hero.badge)).toBeTruthy();
    for (const title of [
      messages.benefits.title,
      messages.howItWorks.title,
      messages.library.title,
      messages.testimonials.title,
      messages.pricing.title,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, index) => {
      expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('sends every call-to-action to /auth?lang, opening sign-up', () => {
    renderLanding();
    const ctas = screen.getAllByTestId('landing-cta');
    expect(ctas.length).toBeGreaterThanOrEqual(4);
    for (const cta of ctas) expect(cta.getAttribute('href')).toBe(`/auth?lang=${language}&mode=signup`);
  });

  it('sets the title, canonical, alternates, social tags and structured data', () => {
    renderLanding();
    const origin = window.location.origin;
    expect(document.title).toBe(messages.meta.title);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}/${language}`,
    );
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['pt-BR', `${origin}/pt`],
      ['en', `${origin}/en`],
      ['es', `${origin}/es`],
      ['x-default', `${origin}/pt`],
    ]);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      messages.meta.title,
    );
    expect(document.head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary');
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as {
      '@type': string;
      offers: { price: string; priceCurrency: string };
    };
    expect(data['@type']).toBe('WebApplication');
    expect(data.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: CURRENCY[language] });
  });

  it('switches the Premium price between monthly and yearly', () => {
    renderLanding();
    const pricing = screen.getByRole('region', { name: messages.pricing.title });
    expect(within(pricing).getByText(PRICES[language][0])).toBeTruthy();
    fireEvent.click(
      within(pricing).getByRole('radio', { name: new RegExp(messages.pricing.billing.yearly) }),
    );
    expect(within(pricing).getByText(PRICES[language][1])).toBeTruthy();
  });
});
