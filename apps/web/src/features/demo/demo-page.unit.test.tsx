import type { DemoResponse } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { renderWithQueries } from '../../test/query-client';
import { mount as mountSignUp } from '../../public/islands/demo-sign-up-island';
import { DemoPage } from './demo-page';
import { DemoNarrationLive } from './demo-public-page';
import { DemoCallToAction } from './demo-view';

const en = translations.en;

const DEMO: DemoResponse = {
  summary: {
    id: '0b6f1d1e-2c7a-4f7e-9a43-5d7f6a1c2b3d',
    title: 'The Psychology of Money',
    author: 'Morgan Housel',
    language: 'en',
    bookId: 'b1',
    category: 'finance',
    cover_url: null,
    isbn13: null,
    content: {
      kind: 'nonfiction',
      oneLiner: 'Behaviour matters more than formulas.',
      keyIdeas: Array.from({ length: 5 }, (_, index) => ({
        title: `Idea ${index + 1}`,
        explanation: 'An explanation.',
      })),
      actions: ['One.', 'Two.', 'Three.', 'Four.', 'Five.'],
      routine: ['Morning.', 'Noon.', 'Evening.'],
      sevenDayPlan: Array.from({ length: 7 }, (_, index) => ({
        focus: `Focus ${index + 1}`,
        tasks: ['A task.'],
      })),
      metrics: ['M1.', 'M2.', 'M3.'],
      pitfalls: ['P1.', 'P2.', 'P3.'],
      closing: 'The end.',
    },
    related: [],
    editorial: true,
    createdAt: '2026-03-01T12:00:00.000Z',
  },
  audio: {
    summaryId: '0b6f1d1e-2c7a-4f7e-9a43-5d7f6a1c2b3d',
    language: 'en',
    parts: [
      { part: 1, url: '/api/files/a.mp3?sig=1', durationMs: 4_000, bytes: 100 },
      { part: 2, url: '/api/files/b.mp3?sig=2', durationMs: 6_000, bytes: 150 },
    ],
    durationMs: 10_000,
    voice: 'v',
    expiresAt: '2026-03-01T13:00:00.000Z',
  },
};

let api: FakeApi;
let answer: () => Response;

beforeEach(() => {
  answer = () => json(DEMO);
  api = fakeApi({ 'GET /api/demo': () => answer() });
  setLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDemo() {
  const router = createMemoryRouter([{ path: '/demo', Component: DemoPage }], { initialEntries: ['/demo'] });
  renderWithQueries(<RouterProvider router={router} />);
}

describe('DemoPage', () => {
  it('shows the loading state, then the editorial summary and its player, without a session', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on({
      'GET /api/demo': async () => {
        await held;
        return json(DEMO);
      },
    });
    renderDemo();
    expect(await screen.findByTestId('demo-skeleton')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(en.pages.demo.loading);

    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'The Psychology of Money' })).toBeTruthy();
    expect(screen.getByText('Behaviour matters more than formulas.')).toBeTruthy();
    expect(screen.getByTestId('summary-editorial').textContent).toContain(en.catalog.badges.editors);
    const player = screen.getByTestId('audio-player');
    expect(within(player).getByRole<HTMLButtonElement>('button', { name: en.audio.play }).disabled).toBe(
      false,
    );
    expect(within(player).getAllByRole('listitem')).toHaveLength(2);
    // Asked in the interface language, with no Authorization header.
    const [request] = api.requests;
    expect(request?.url.searchParams.get('language')).toBe('en');
    expect(request?.headers.get('authorization')).toBeNull();
  });

  it('says the narration is being prepared and asks again until it is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      answer = () => json(++calls === 1 ? { ...DEMO, audio: null } : DEMO);
      renderDemo();
      expect(await screen.findByText(en.pages.demo.narrationPreparing)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(3_100);
      await waitFor(() => expect(screen.getByRole('button', { name: en.audio.play })).toBeTruthy());
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error state with a retry that loads the demo', async () => {
    answer = () => apiError(500, 'INTERNAL_ERROR', 'boom');
    renderDemo();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.pages.demo.errorTitle);
    answer = () => json(DEMO);
    await userEvent.click(within(alert).getByRole('button', { name: en.pages.demo.retry }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The Psychology of Money' })).toBeTruthy();
  });

  it('invites the visitor to sign up, returning to the same summary in the app afterwards', async () => {
    renderDemo();
    const cta = await screen.findByTestId('demo-cta');
    expect(within(cta).getByRole('heading', { level: 2 }).textContent).toContain(en.pages.demo.ctaTitle);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.pages.demo.title);
    expect(cta.textContent).toContain('10 summaries and 10 audios');
    // Plain links: /auth is the app's, and the prerendered /demo shares this view.
    const target = (name: string) =>
      new URL(within(cta).getByRole('link', { name }).getAttribute('href') ?? '', 'http://app.test');
    const signUp = target(en.pages.demo.ctaButton);
    expect(signUp.pathname).toBe('/auth');
    expect(Object.fromEntries(signUp.searchParams)).toEqual({
      lang: 'en',
      mode: 'signup',
      next: `/summary/${DEMO.summary.id}`,
    });
    expect(Object.fromEntries(target(en.pages.demo.ctaLogin).searchParams)).toEqual({
      lang: 'en',
      next: `/summary/${DEMO.summary.id}`,
    });
  });

  it('reads the demo in the interface language', async () => {
    setLanguage('es');
    answer = () =>
      json({ ...DEMO, summary: { ...DEMO.summary, language: 'es', title: 'La psicología del dinero' } });
    renderDemo();
    expect(await screen.findByRole('heading', { level: 2, name: 'La psicología del dinero' })).toBeTruthy();
    expect(api.requests[0]?.url.searchParams.get('language')).toBe('es');
    expect(screen.getByTestId('demo-cta').textContent).toContain(translations.es.pages.demo.ctaTitle);
  });
});

describe('the prerendered /demo’s islands', () => {
  it('narration: says it loads, offers a retry when the demo cannot be read, then plays', async () => {
    answer = () => apiError(503, 'DATABASE_UNAVAILABLE');
    renderWithQueries(<DemoNarrationLive language="en" />);
    expect(screen.getByRole('status').textContent).toBe(en.pages.demo.narrationLoading);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.pages.demo.narrationError);
    answer = () => json(DEMO);
    await userEvent.click(within(alert).getByRole('button', { name: en.pages.demo.retry }));
    expect(await screen.findByRole('button', { name: en.audio.play })).toBeTruthy();
  });

  it('sign-up: comes back to /demo until it knows the server’s summary, then to the summary', async () => {
    renderWithQueries(<DemoCallToAction language="en" />);
    const cta = screen.getByTestId('demo-cta');
    const next = () =>
      within(cta)
        .getAllByRole('link')
        .map((link) => new URL(link.getAttribute('href') ?? '', 'http://app.test').searchParams.get('next'));
    expect(next()).toEqual(['/en/demo', '/en/demo']);
    mountSignUp(cta, { language: 'en' });
    await waitFor(() =>
      expect(next()).toEqual([`/summary/${DEMO.summary.id}`, `/summary/${DEMO.summary.id}`]),
    );
    expect(api.requests[0]?.url.searchParams.get('language')).toBe('en');
  });
});
