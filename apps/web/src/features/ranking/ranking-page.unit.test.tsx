import type { RankingEntry, RankingResponse } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { RankingPage } from './ranking-page';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

function entry(
  overrides: Partial<RankingEntry> & Pick<RankingEntry, 'rank' | 'anonymousCode'>,
): RankingEntry {
  return { xp: 100, level: 2, summariesCount: 3, nickname: null, avatarUrl: null, isMe: false, ...overrides };
}

const MARKUP = '<img src=x onerror=alert(1)>';
const TOP = [
  entry({ rank: 1, anonymousCode: '0001', nickname: 'Bookworm', xp: 5200, level: 5, summariesCount: 40 }),
  entry({ rank: 2, anonymousCode: '4F2A', xp: 1600, level: 4, avatarUrl: '/avatars/owl.svg' }),
  entry({ rank: 3, anonymousCode: '0003', nickname: MARKUP, xp: 90, level: 1, summariesCount: 1 }),
];
const ME_OUTSIDE = entry({
  rank: 77,
  anonymousCode: 'ABCD',
  nickname: 'Ana reads',
  xp: 40,
  level: 1,
  isMe: true,
});

function answer(extra: Partial<RankingResponse> = {}): RankingResponse {
  return { scope: 'global', language: null, since: null, entries: TOP, me: ME_OUTSIDE, ...extra };
}

let respond: (query: URLSearchParams) => RankingResponse | number;
let api: FakeApi;
let user: UserEvent;

beforeEach(() => {
  api = fakeApi({
    'GET /api/ranking': ({ url }) => {
      const body = respond(url.searchParams);
      return typeof body === 'number' ? apiError(body, 'INTERNAL_ERROR', 'boom') : json(body);
    },
  });
  user = englishUser();
  respond = () => answer();
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function renderRanking(path = '/ranking') {
  const router = createMemoryRouter([{ path: '/ranking', Component: RankingPage }], {
    initialEntries: [path],
  });
  renderWithQueries(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const rows = () => screen.queryAllByTestId('ranking-entry');
const names = () => screen.queryAllByTestId('ranking-name').map((name) => name.textContent);
const lastQuery = () => api.to('/api/ranking').at(-1)?.url.searchParams.toString();

describe('ranking page', () => {
  it('shows a skeleton, then each reader by nickname or anonymous label, with level, XP and summaries', async () => {
    renderRanking();
    expect(screen.getByTestId('ranking-skeleton')).not.toBeNull();
    await screen.findByText('Bookworm');
    expect(screen.queryByTestId('ranking-skeleton')).toBeNull();
    const list = screen.getByRole('list', { name: 'Top readers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(names()).toEqual(['Bookworm', 'Reader #4F2A', MARKUP, 'Ana reads']);
    const [first, second] = rows();
    expect(first!.textContent).toContain('Rank 1');
    expect(first!.textContent).toContain('Enlightened');
    expect(first!.textContent).toContain('5,200 XP');
    expect(first!.textContent).toContain('40 summaries');
    // Without an image, the nickname's initial stands in.
    expect(within(first!).getByTestId('reader-avatar').textContent).toBe('B');
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('/avatars/owl.svg');
    expect(lastQuery()).toBe('scope=global');
  });

  it('renders a nickname with markup as text, never as an element', async () => {
    renderRanking();
    const name = await screen.findByText(MARKUP);
    expect(name.children).toHaveLength(0);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('never shows the real name: the reader without a nickname gets the anonymous label', async () => {
    respond = () =>
      answer({
        entries: [entry({ rank: 1, anonymousCode: '9Z9Z', isMe: true })],
        me: entry({ rank: 1, anonymousCode: '9Z9Z', isMe: true }),
      });
    renderRanking();
    await screen.findByText('Reader #9Z9Z');
    expect(document.body.textContent).not.toContain('Ana Souza');
    setLanguage('pt');
    await screen.findByText('Leitor #9Z9Z');
    setLanguage('es');
    await screen.findByText('Lector #9Z9Z');
  });

  it('shows the reader below the list when outside the top, highlighted as You', async () => {
    renderRanking();
    const section = await screen.findByRole('region', { name: 'Your position' });
    const mine = within(section).getByTestId('ranking-entry');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toContain('Rank 77');
    expect(mine.textContent).toContain('You');
  });

  it('highlights the reader inside the list and does not repeat them below', async () => {
    const me = entry({ rank: 2, anonymousCode: '4F2A', xp: 1600, level: 4, isMe: true });
    respond = () => answer({ entries: [TOP[0]!, me, TOP[2]!], me });
    renderRanking();
    await screen.findByText('Bookworm');
    expect(rows()).toHaveLength(3);
    expect(rows()[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(rows()[1]!).getByText('You')).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Your position' })).toBeNull();
  });

  it('switches scopes with accessible tabs: weekly since Monday, by language starting on the interface language', async () => {
    respond = (query) =>
      query.get('scope') === 'weekly'
        ? answer({ scope: 'weekly', since: '2026-11-23T00:00:00.000Z' })
        : answer({ scope: query.get('scope') === 'language' ? 'language' : 'global' });
    renderRanking();
    await screen.findByText('Bookworm');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Global', 'By language', 'Weekly']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Weekly' }));
    await screen.findByText('XP earned since Monday (November 23).');
    expect(lastQuery()).toBe('scope=weekly');

    // Arrow keys move between the tabs (and select them).
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(lastQuery()).toBe('scope=language&lang=en'));
    expect(screen.getByRole('tab', { name: 'By language' }).getAttribute('aria-selected')).toBe('true');
    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(lastQuery()).toBe('scope=language&lang=es'));
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says "Error loading ranking" and tries again on request', async () => {
    respond = () => 500;
    renderRanking();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading ranking');
    respond = () => answer();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Bookworm');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "No data available" when nobody is ranked', async () => {
    respond = () => answer({ entries: [] });
    renderRanking();
    await screen.findByText('No data available');
    expect(rows()).toHaveLength(0);
  });

  it('shares the ranking link: the share sheet when there is one, else the clipboard with a toast', async () => {
    renderRanking('/ranking?scope=weekly');
    await screen.findByText('Bookworm');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Ranking link copied.');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/ranking?scope=weekly`);

    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Ranking shared!');
    expect(share).toHaveBeenCalledWith({
      title: 'Summa ranking',
      text: 'I am number 77 in the Summa ranking with 40 XP!',
      url: `${window.location.origin}/ranking?scope=weekly`,
    });
  });
});
