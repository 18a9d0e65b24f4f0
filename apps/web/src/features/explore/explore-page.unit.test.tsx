import type { Book, CategoriesResponse, ExploreResponse } from '@summa/shared';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, type FakeApi } from '../../test/fake-api';
import { testBook } from '../../test/book-fixture';
import { ExplorePage } from './explore-page';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

const ATOMIC = testBook({
  id: 'b1',
  title: 'Atomic Habits',
  author: 'James Clear',
  badges: ['editors', 'trending'],
});
const WHY_WE_SLEEP = testBook({
  id: 'b2',
  title: 'Why We Sleep',
  author: 'Matthew Walker',
  year: 2017,
  category: 'sleep',
  level: 'intermediate',
});

const CATEGORIES: CategoriesResponse = {
  categories: [
    { id: 'habits', count: 12 },
    { id: 'sleep', count: 3 },
  ],
};

interface Network {
  books: (query: URLSearchParams) => ExploreResponse | number;
  random: (query: URLSearchParams) => { book: Book | null } | number;
}

let network: Network;
let api: FakeApi;

/** A body, or the status of a failure. */
const answer = (body: unknown) =>
  typeof body === 'number' ? apiError(body, 'INTERNAL_ERROR', 'boom') : json(body);

function page(books: Book[], total = books.length, pageNumber = 1): ExploreResponse {
  return { books, total, page: pageNumber, pageSize: 24 };
}

let user: UserEvent;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  api = fakeApi({
    'GET /api/catalog/books': ({ url }) => answer(network.books(url.searchParams)),
    'GET /api/catalog/categories': () => answer(CATEGORIES),
    'GET /api/catalog/random': ({ url }) => answer(network.random(url.searchParams)),
  });
  user = englishUser();
  network = {
    books: () => page([ATOMIC, WHY_WE_SLEEP]),
    random: () => ({ book: WHY_WE_SLEEP }),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderExplore(path = '/explore') {
  const router = createMemoryRouter(
    [
      { path: '/explore', Component: ExplorePage },
      { path: '/home', Component: () => null },
      { path: '/summary/:id', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

const bookRequests = () => api.to('/api/catalog/books').map(({ url }) => url);
const lastBooksQuery = () => Object.fromEntries(bookRequests().at(-1)?.searchParams ?? []);
const search = (router: ReturnType<typeof renderExplore>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const cards = () => screen.queryAllByTestId('book-card');

describe('explore page', () => {
  it('keeps its translated heading', () => {
    renderExplore();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Explore the catalog');
  });

  it('shows skeletons while loading, then each book with its details', async () => {
    renderExplore();
    expect(screen.getByTestId('explore-skeleton')).not.toBeNull();
    await screen.findByText('Atomic Habits');
    expect(screen.queryByTestId('explore-skeleton')).toBeNull();
    expect(screen.getByText('2 books')).not.toBeNull();

    const [atomic, sleep] = cards();
    const atomicText = atomic!.textContent;
    for (const part of [
      'Atomic Habits',
      'James Clear',
      '2018 · Habits',
      'Basic',
      "Editors' pick",
      'Trending',
    ]) {
      expect(atomicText).toContain(part);
    }
    expect(within(atomic!).getByTestId('book-cover-placeholder')).not.toBeNull();
    expect(sleep!.textContent).toContain('2017 · Sleep');
    expect(sleep!.textContent).toContain('Intermediate');
    expect(lastBooksQuery()).toEqual({ sort: 'recommended', page: '1', pageSize: '24', uiLang: 'en' });
  });

  it('lists the categories with their counts', async () => {
    renderExplore();
    const categories = await screen.findByRole('button', { name: /Habits\s*12/ });
    expect(categories.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: /Sleep\s*3/ })).not.toBeNull();
    expect(screen.getByRole('button', { name: /All\s*15/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('clicking a book starts its summary on the home page', async () => {
    const router = renderExplore();
    await user.click(await screen.findByText('Atomic Habits'));
    expect(router.state.location.pathname).toBe('/home');
    expect(search(router)).toEqual({ title: 'Atomic Habits', author: 'James Clear', bookId: 'b1' });
  });

  it("a book with a summary in the reader's language opens it", async () => {
    network.books = () =>
      page([
        { ...ATOMIC, summary_id: 'sum-1' },
        { ...WHY_WE_SLEEP, summary_id: null },
      ]);
    const router = renderExplore();
    await screen.findByText('Atomic Habits');
    const [atomic, sleep] = cards();
    expect(atomic!.textContent).toContain('Summary ready');
    expect(sleep!.textContent).not.toContain('Summary ready');
    expect(sleep!.getAttribute('href')).toMatch(/^\/home\?/);
    await user.click(atomic!);
    expect(router.state.location.pathname).toBe('/summary/sum-1');
  });
});

describe('explore state lives in the URL', () => {
  it('reads filters, sort and page from the URL', async () => {
    renderExplore('/explore?q=sleep&category=sleep&level=intermediate&lang=es&sort=az&page=2');
    await screen.findByText('Atomic Habits');
    expect(lastBooksQuery()).toEqual({
      q: 'sleep',
      category: 'sleep',
      level: 'intermediate',
      lang: 'es',
      sort: 'az',
      page: '2',
      pageSize: '24',
      uiLang: 'en',
    });
    expect(screen.getByRole('button', { name: /Sleep\s*3/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Intermediate' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'ES' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('az');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('sleep');
  });

  it('writes each filter change to the URL and starts again at page 1', async () => {
    const router = renderExplore('/explore?page=3');
    await screen.findByText('Atomic Habits');

    await user.click(screen.getByRole('button', { name: /Sleep\s*3/ }));
    expect(search(router)).toEqual({ category: 'sleep' });
    await user.click(screen.getByRole('button', { name: 'Basic' }));
    expect(search(router)).toEqual({ category: 'sleep', level: 'basic' });
    await user.click(screen.getByRole('button', { name: 'PT' }));
    expect(search(router)).toEqual({ category: 'sleep', level: 'basic', lang: 'pt' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'trending');
    expect(search(router)).toEqual({ category: 'sleep', level: 'basic', lang: 'pt', sort: 'trending' });
    await user.type(screen.getByRole('searchbox'), 'walker{Enter}');
    expect(search(router).q).toBe('walker');

    await screen.findByText('Atomic Habits');
    expect(lastBooksQuery()).toMatchObject({
      q: 'walker',
      category: 'sleep',
      level: 'basic',
      lang: 'pt',
      sort: 'trending',
    });

    await user.click(
      within(screen.getByRole('group', { name: 'Level' })).getByRole('button', { name: 'All' }),
    );
    expect(search(router)).toEqual({ q: 'walker', category: 'sleep', lang: 'pt', sort: 'trending' });
  });

  it('the back button restores the previous view', async () => {
    const router = renderExplore();
    await screen.findByText('Atomic Habits');
    await user.click(screen.getByRole('button', { name: 'Intermediate' }));
    expect(search(router)).toEqual({ level: 'intermediate' });
    await act(() => router.navigate(-1));
    expect(search(router)).toEqual({});
    expect(screen.getByRole('button', { name: 'Intermediate' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('pages with previous and next, showing page x of y', async () => {
    network.books = (query) => page([ATOMIC], 50, Number(query.get('page')));
    const router = renderExplore();
    await screen.findByText('Page 1 of 3');
    const previous = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    expect(previous.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(search(router)).toEqual({ page: '2' });
    await screen.findByText('Page 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(search(router)).toEqual({ page: '2' });
  });
});

describe('explore states', () => {
  it('shows an empty state that can clear the filters', async () => {
    network.books = (query) => (query.get('level') ? page([]) : page([ATOMIC]));
    const router = renderExplore('/explore?level=basic');
    await screen.findByText('No books found');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search(router)).toEqual({});
    await screen.findByText('Atomic Habits');
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    network.books = () => (fail ? 500 : page([ATOMIC]));
    renderExplore();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the catalog');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Atomic Habits');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('surprise me', () => {
  it('draws a random book under the current filters and offers to summarize it', async () => {
    const router = renderExplore('/explore?category=sleep&lang=pt');
    await screen.findByText('Atomic Habits');
    await user.click(screen.getByRole('button', { name: 'Surprise me' }));
    const dialog = await screen.findByRole('dialog', { name: 'How about this book?' });
    expect(dialog.textContent).toContain('Why We Sleep');
    expect(dialog.textContent).toContain('Matthew Walker');
    const random = api.to('/api/catalog/random')[0]?.url;
    expect(Object.fromEntries(random?.searchParams ?? [])).toEqual({
      category: 'sleep',
      lang: 'pt',
      uiLang: 'en',
    });
    await user.click(within(dialog).getByRole('link', { name: 'Summarize this book' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(search(router)).toEqual({ title: 'Why We Sleep', author: 'Matthew Walker', bookId: 'b2' });
  });

  it('offers to read the drawn book when its summary exists', async () => {
    network.random = () => ({ book: { ...WHY_WE_SLEEP, summary_id: 'sum-9' } });
    const router = renderExplore();
    await screen.findByText('Atomic Habits');
    await user.click(screen.getByRole('button', { name: 'Surprise me' }));
    const dialog = await screen.findByRole('dialog', { name: 'How about this book?' });
    expect(within(dialog).queryByRole('link', { name: 'Summarize this book' })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Read the summary' }));
    expect(router.state.location.pathname).toBe('/summary/sum-9');
  });

  it('opens nothing when no book matches', async () => {
    network.random = () => ({ book: null });
    renderExplore();
    await screen.findByText('Atomic Habits');
    await user.click(screen.getByRole('button', { name: 'Surprise me' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
