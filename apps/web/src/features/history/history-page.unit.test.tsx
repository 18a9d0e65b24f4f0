import type { HistoryItem, HistoryResponse } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { formatSeen } from './format-seen';
import { HistoryPage } from './history-page';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

const HOUR = 3_600_000;

function item(overrides: Partial<HistoryItem> & Pick<HistoryItem, 'summaryId' | 'title'>): HistoryItem {
  return {
    author: 'Some Author',
    language: 'en',
    cover_url: null,
    oneLiner: 'One line about the book.',
    lastSeenAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    removed: false,
    ...overrides,
  };
}

const ATOMIC = item({
  summaryId: 'sum-1',
  title: 'Atomic Habits',
  author: 'James Clear',
  oneLiner: 'Small habits compound into remarkable results.',
  cover_url: 'https://covers.example/atomic.jpg',
});
const SAPIENS = item({
  summaryId: 'sum-2',
  title: 'Sapiens',
  author: 'Yuval Noah Harari',
  language: 'pt',
  oneLiner: 'How stories made humans rule the world.',
  lastSeenAt: '2026-01-15T10:00:00.000Z',
});
const CASMURRO = item({
  summaryId: 'sum 3',
  title: 'Dom Casmurro',
  author: 'Machado de Assis',
  language: 'es',
});

function answer(items: HistoryItem[], extra: Partial<HistoryResponse> = {}): HistoryResponse {
  return { items, total: items.length, limited: false, ...extra };
}

/** The history the server answers for a query, or the status of its failure. */
let respond: (query: URLSearchParams) => HistoryResponse | number;
let api: FakeApi;

let user: UserEvent;

beforeEach(() => {
  api = fakeApi({
    'GET /api/history': ({ url }) => {
      const body = respond(url.searchParams);
      return typeof body === 'number' ? apiError(body, 'INTERNAL_ERROR', 'boom') : json(body);
    },
  });
  user = englishUser();
  respond = () => answer([ATOMIC, SAPIENS, CASMURRO]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHistory(path = '/history') {
  const router = createMemoryRouter(
    [
      { path: '/history', Component: HistoryPage },
      { path: '/summary/:id', Component: () => null },
      { path: '/home', Component: () => null },
      { path: '/plans', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

const entries = () => screen.queryAllByTestId('history-item');
const queries = () => api.requests.map(({ url }) => url.searchParams.get('q'));

describe('history page: the list', () => {
  it('shows skeletons, then every summary newest first with its details', async () => {
    renderHistory();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('History');
    expect(screen.getByTestId('history-skeleton')).not.toBeNull();
    await screen.findByText('Atomic Habits');
    expect(screen.queryByTestId('history-skeleton')).toBeNull();
    expect(screen.getByText('3 summaries')).not.toBeNull();

    const [atomic, sapiens, casmurro] = entries();
    expect(entries()).toHaveLength(3);
    for (const part of [
      'Atomic Habits',
      'James Clear',
      'EN',
      'Small habits compound into remarkable results.',
      '2 hours ago',
    ]) {
      expect(atomic!.textContent).toContain(part);
    }
    expect(atomic!.querySelector('img')?.getAttribute('src')).toBe('https://covers.example/atomic.jpg');
    expect(within(sapiens!).getByTestId('book-cover-placeholder')).not.toBeNull();
    expect(sapiens!.textContent).toContain('PT');
    expect(sapiens!.textContent).toContain('Jan 15, 2026');
    expect(within(sapiens!).getByTitle('Language: Português').textContent).toBe('PT');
    const time = sapiens!.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-01-15T10:00:00.000Z');
    expect(casmurro!.textContent).toContain('ES');
    expect(queries()).toEqual([null]);
  });

  it('links each summary to its page', async () => {
    const router = renderHistory();
    await screen.findByText('Atomic Habits');
    expect(entries().map((entry) => entry.getAttribute('href'))).toEqual([
      '/summary/sum-1',
      '/summary/sum-2',
      '/summary/sum%203',
    ]);
    await user.click(screen.getByText('Sapiens'));
    expect(router.state.location.pathname).toBe('/summary/sum-2');
  });

  it('writes dates in the interface language', async () => {
    setLanguage('pt');
    renderHistory();
    await screen.findByText('Atomic Habits');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Histórico');
    expect(entries()[0]!.textContent).toContain('há 2 horas');
    expect(entries()[1]!.textContent).toContain('15 de jan. de 2026');
  });
});

describe('history page: search', () => {
  it('sends the search as q after a short pause, once for a quickly typed word', async () => {
    respond = (query) => (query.get('q') === 'clear' ? answer([ATOMIC]) : answer([ATOMIC, SAPIENS]));
    const router = renderHistory();
    await screen.findByText('Sapiens');
    await user.type(screen.getByRole('searchbox', { name: 'Search your history' }), 'clear');
    expect(queries()).toEqual([null]);
    await waitFor(() => expect(queries()).toEqual([null, 'clear']));
    await waitFor(() => expect(screen.queryByText('Sapiens')).toBeNull());
    expect(entries()).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('clear');
  });

  it('starts from the search in the address', async () => {
    renderHistory('/history?q=machado');
    await screen.findByText('Atomic Habits');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('machado');
    expect(queries()).toEqual(['machado']);
  });

  it('shows a no-results state that clears the search', async () => {
    respond = (query) => (query.get('q') ? answer([]) : answer([ATOMIC]));
    const router = renderHistory('/history?q=zzz');
    await screen.findByText('No summaries found');
    expect(
      screen.getByText('Nothing in your history matches “zzz”. Try another title or author.'),
    ).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByText('Atomic Habits');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
  });
});

describe('history page: states', () => {
  it('shows the empty state with a way to the generator', async () => {
    respond = () => answer([]);
    renderHistory();
    await screen.findByText('You have not generated any summaries yet');
    expect(screen.getByRole('link', { name: 'Generate my first summary' }).getAttribute('href')).toBe(
      '/home',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByTestId('history-limited')).toBeNull();
  });

  it('notes the free plan cut with a link to the plans', async () => {
    respond = () => answer([ATOMIC, SAPIENS], { total: 26, limited: true });
    renderHistory();
    const note = await screen.findByTestId('history-limited');
    expect(note.textContent).toContain('On the Free plan, your history shows your 20 most recent summaries.');
    expect(within(note).getByRole('link', { name: 'See them all with Premium' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(screen.getByText('26 summaries')).not.toBeNull();
  });

  it('leaves the note out when nothing is hidden', async () => {
    renderHistory();
    await screen.findByText('Atomic Habits');
    expect(screen.queryByTestId('history-limited')).toBeNull();
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    respond = () => (fail ? 500 : answer([ATOMIC]));
    renderHistory();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your history');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Atomic Habits');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('formatSeen', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('is relative within the week and a date after that', () => {
    expect(formatSeen('2026-03-10T11:59:40.000Z', 'en', now)).toBe('now');
    expect(formatSeen('2026-03-10T12:00:30.000Z', 'en', now)).toBe('now');
    expect(formatSeen('2026-03-10T11:15:00.000Z', 'en', now)).toBe('45 minutes ago');
    expect(formatSeen('2026-03-09T10:00:00.000Z', 'en', now)).toBe('yesterday');
    expect(formatSeen('2026-03-06T12:00:00.000Z', 'es', now)).toBe('hace 4 días');
    expect(formatSeen('2026-02-01T12:00:00.000Z', 'en', now)).toBe('Feb 1, 2026');
    expect(formatSeen('2026-02-01T12:00:00.000Z', 'pt', now)).toBe('1 de fev. de 2026');
  });
});
