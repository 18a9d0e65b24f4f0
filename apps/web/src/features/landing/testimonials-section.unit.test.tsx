import { act, render, screen, within } from '@testing-library/react';
import type { Testimonial } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { TestimonialsSection } from './testimonials-section';

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('pt');
});

const words = (count: number, language: Testimonial['language'] = 'en'): Testimonial[] =>
  Array.from({ length: count }, (_, index) => ({
    nickname: `Reader${index + 1}`,
    comment: `Comment number ${index + 1}.`,
    bookTitle: `Book ${index + 1}`,
    language,
  }));

/** The section in `language`, once its request for testimonials has been answered. */
async function renderSection(language: Testimonial['language'], api: FakeApi) {
  act(() => {
    setLanguage(language);
  });
  const rendered = render(<TestimonialsSection language={language} />);
  await vi.waitFor(() => expect(api.to('/api/testimonials')).toHaveLength(1));
  // Let the answer land.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return rendered;
}

describe('the landing’s testimonials', () => {
  it("shows readers' approved words, signed with their nicknames, once three are approved", async () => {
    const api = fakeApi({ 'GET /api/testimonials': () => json({ testimonials: words(3) }) });
    await renderSection('en', api);
    const heading = await screen.findByRole('heading', { level: 2, name: 'What readers say' });
    expect(heading).toBeTruthy();
    expect(api.to('/api/testimonials')[0]?.url.searchParams.get('language')).toBe('en');
    const list = screen.getByTestId('reader-testimonials');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Comment number 1.');
    expect(items[0]?.textContent).toContain('Reader1');
    expect(items[0]?.textContent).toContain('on Book 1');
    expect(screen.queryByText(translations.en.landing.testimonials.title)).toBeNull();
  });

  it('keeps the use cases while fewer than three are approved', async () => {
    const api = fakeApi({ 'GET /api/testimonials': () => json({ testimonials: words(2, 'pt') }) });
    await renderSection('pt', api);
    expect(
      screen.getByRole('heading', { level: 2, name: translations.pt.landing.testimonials.title }),
    ).toBeTruthy();
    expect(screen.getByText(translations.pt.landing.testimonials.items.first.label)).toBeTruthy();
    expect(screen.queryByText('Comment number 1.')).toBeNull();
    expect(screen.queryByTestId('reader-testimonials')).toBeNull();
  });

  it('keeps the use cases when the answer has another shape', async () => {
    const api = fakeApi({
      'GET /api/testimonials': () => json({ testimonials: [...words(3), { nickname: 'x', comment: 1 }] }),
    });
    await renderSection('en', api);
    expect(
      screen.getByRole('heading', { level: 2, name: translations.en.landing.testimonials.title }),
    ).toBeTruthy();
  });

  it('keeps the use cases when the testimonials cannot be read', async () => {
    const api = fakeApi({ 'GET /api/testimonials': () => apiError(503, 'DATABASE_UNAVAILABLE') });
    await renderSection('es', api);
    expect(
      screen.getByRole('heading', { level: 2, name: translations.es.landing.testimonials.title }),
    ).toBeTruthy();
    expect(screen.queryByTestId('reader-testimonials')).toBeNull();
  });

  it('asks again in the new language when the language changes', async () => {
    const api = fakeApi({
      'GET /api/testimonials': (request) =>
        json({ testimonials: request.url.searchParams.get('language') === 'es' ? words(4, 'es') : [] }),
    });
    const { rerender } = await renderSection('en', api);
    expect(
      screen.getByRole('heading', { level: 2, name: translations.en.landing.testimonials.title }),
    ).toBeTruthy();
    act(() => {
      setLanguage('es');
    });
    rerender(<TestimonialsSection language="es" />);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: translations.es.landing.testimonials.readers.title,
      }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('reader-testimonials')).getAllByRole('listitem')).toHaveLength(4);
  });
});
