import type { Suggestion, Usage } from '@summa/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AuthContext } from '../../lib/auth/auth-context';
import { setLanguage } from '../../lib/i18n';
import { testSession } from '../../test/session-fixture';
import { apiError, fakeApi, json, offline, type FakeApi, type FakeHandler } from '../../test/fake-api';
import { HomePage } from './home-page';
import { renderWithQueries } from '../../test/query-client';

const en = {
  noResults: 'No books found',
  continue: 'Continue with the typed text',
  generated: 'Generated',
  browse: 'Browse catalog',
  details: 'Book details',
};

function suggestion(overrides: Partial<Suggestion> & Pick<Suggestion, 'id' | 'title'>): Suggestion {
  return { author: 'Some Author', lang: 'en', cover_url: null, source: 'catalog', ...overrides };
}

const USAGE: Usage = {
  plan: 'free',
  monthKey: '2026-03',
  summariesUsed: 0,
  summariesLimit: 10,
  audiosUsed: 0,
  audiosLimit: 10,
};

const ATOMIC = suggestion({
  id: 'b1',
  title: 'Atomic Habits',
  author: 'James Clear',
  cover_url: 'https://covers.example/atomic.jpg',
});
const HABITOS = suggestion({ id: 'b2', title: 'Hábitos Atômicos', author: 'James Clear', lang: 'pt' });
const GENERATED = suggestion({
  id: 'sum-9',
  title: 'Atomic Habits',
  author: 'James Clear',
  source: 'history',
});

interface PendingCall {
  query: string;
  signal: AbortSignal;
  respond: (books: Suggestion[]) => void;
  fail: (status: number) => void;
}

/** A fake network: every POST /api/catalog/search waits until the test answers it. */
const calls: PendingCall[] = [];
const searchBodySchema = z.object({ query: z.string(), lang: z.string(), limit: z.number() });
let api: FakeApi;

const heldSearch: FakeHandler = ({ headers, body, signal }) => {
  expect(headers.get('Accept-Language')).toBe('en');
  const { query, limit } = searchBodySchema.parse(body);
  expect(limit).toBe(8);
  return new Promise<Response>((resolve) => {
    calls.push({
      query,
      signal,
      respond: (books) => resolve(json({ books })),
      fail: (status) => resolve(apiError(status, 'INTERNAL_ERROR', 'x')),
    });
  });
};

/** Answers every call with `books` as soon as it is made. */
function autoAnswer(books: Suggestion[]) {
  api.on({ 'POST /api/catalog/search': () => json({ books }) });
}

let user: UserEvent;

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains React work with a setTimeout(0) and only advances it for a global
  // `jest`; this lets it advance Vitest's fake clock the same way.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  api = fakeApi({ 'POST /api/catalog/search': heldSearch });
  setLanguage('en');
  user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Signed out unless `signedIn`: the search box works alone; the usage line waits for a user. */
function renderHome(path = '/home', signedIn = false) {
  const session = signedIn ? testSession() : null;
  const router = createMemoryRouter(
    [
      { path: '/home', Component: HomePage },
      { path: '/summary/:id', Component: () => null },
      { path: '/explore', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(
    <AuthContext.Provider value={{ session, user: session?.user ?? null, loading: false }}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

const input = () => screen.getByRole('combobox');
const authorField = () => screen.getByLabelText('Author', { selector: 'input[readonly]' });
const options = () => screen.queryAllByRole('option');

function valueOf(element: HTMLElement | null | undefined): string | undefined {
  return element instanceof HTMLInputElement ? element.value : undefined;
}
function isDisabled(element: HTMLElement): boolean {
  return element instanceof HTMLButtonElement && element.disabled;
}
function isHidden(element: HTMLElement): boolean {
  return element.closest('[hidden]') !== null;
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function typeAndSettle(text: string, books: Suggestion[]) {
  autoAnswer(books);
  await user.type(input(), text);
  await wait(200);
}

describe('book search box: when it searches', () => {
  it('waits for a 200 ms pause before asking for suggestions', async () => {
    renderHome();
    await user.type(input(), 'ato');
    await wait(199);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(options()).toHaveLength(0);
    await wait(1);
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(calls[0]?.query).toBe('ato');
    expect(input().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('search-loading')).not.toBeNull();
    await act(async () => calls[0]?.respond([ATOMIC]));
    expect(screen.queryByTestId('search-loading')).toBeNull();
    expect(options()).toHaveLength(2);
  });

  it('needs at least 2 characters, ignoring spaces', async () => {
    renderHome();
    await user.type(input(), ' a ');
    await wait(1000);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(screen.getByRole('listbox', { hidden: true }))).toBe(true);
  });

  it('sends the interface language and asks for at most 8, showing no more than 8', async () => {
    renderHome();
    const many = Array.from({ length: 10 }, (_, i) => suggestion({ id: `b${i}`, title: `Book ${i}` }));
    await typeAndSettle('book', many);
    expect(api.requests[0]?.body).toEqual({ query: 'book', lang: 'en', limit: 8 });
    expect(screen.getAllByRole('option').filter((o) => o.dataset.source)).toHaveLength(8);
  });

  it('aborts the previous request so a stale answer never replaces a newer one', async () => {
    renderHome();
    await user.type(input(), 'at');
    await wait(200);
    await user.type(input(), 'o');
    await wait(200);
    expect(calls.map((call) => call.query)).toEqual(['at', 'ato']);
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[1]?.respond([HABITOS]));
    await act(async () => calls[0]?.respond([ATOMIC]));
    expect(options().map((option) => option.textContent)).toEqual([
      expect.stringContaining('Hábitos Atômicos'),
      expect.stringContaining(en.continue),
    ]);
  });

  it('logs a failed fetch and shows an empty list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHome();
    await user.type(input(), 'atomic');
    await wait(200);
    await act(async () => calls[0]?.fail(500));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByText(en.noResults)).not.toBeNull();
    expect(options()).toHaveLength(1);
    expect(options()[0]?.textContent).toContain(en.continue);
  });

  it('treats a network error the same way', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on({ 'POST /api/catalog/search': offline });
    renderHome();
    await user.type(input(), 'atomic');
    await wait(200);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByText(en.noResults)).not.toBeNull();
  });
});

describe('book search box: what a suggestion shows', () => {
  it('shows cover, highlighted title, author, language and the Generated tag', async () => {
    renderHome();
    await typeAndSettle('habitos', [ATOMIC, HABITOS, GENERATED]);
    const [atomic, habitos, generated] = options();

    expect(atomic!.querySelector('img')!.getAttribute('src')).toBe(ATOMIC.cover_url);
    expect(within(habitos!).getByTestId('book-cover-placeholder')).not.toBeNull();
    // Accent-insensitive: "habitos" marks "Hábitos", and only that.
    const marks = habitos!.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Hábitos']);
    expect(atomic!.querySelectorAll('mark')).toHaveLength(0);
    expect(habitos?.textContent).toContain('James Clear');
    expect(habitos?.textContent).toContain('PT');
    expect(within(habitos!).getByText('Book language: Português')).not.toBeNull();
    expect(within(generated!).getByText(en.generated)).not.toBeNull();
    expect(within(atomic!).queryByText(en.generated)).toBeNull();
  });

  it('swaps a broken cover for the placeholder', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC]);
    const [atomic] = options();
    fireEvent.error(atomic!.querySelector('img')!);
    expect(within(atomic!).getByTestId('book-cover-placeholder')).not.toBeNull();
    expect(atomic!.querySelector('img')).toBeNull();
  });

  it('says No books found when nothing matches', async () => {
    renderHome();
    await typeAndSettle('zzzz', []);
    expect(screen.getByText(en.noResults)).not.toBeNull();
  });

  it('offers Browse catalog once text is typed', async () => {
    renderHome();
    expect(screen.queryByRole('link', { name: en.browse })).toBeNull();
    await user.type(input(), 'a');
    expect(screen.getByRole('link', { name: en.browse }).getAttribute('href')).toBe('/explore?q=a');
  });
});

describe('book search box: keyboard and closing', () => {
  it('is an ARIA 1.2 combobox', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC, HABITOS]);
    const box = input();
    const list = screen.getByRole('listbox');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('false');
  });

  it('cycles through the suggestions and the final Continue option', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC, HABITOS]);
    const active = () => input().getAttribute('aria-activedescendant');
    const ids = options().map((option) => option.id);
    expect(options()[2]?.textContent).toContain(en.continue);

    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(ids[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe(ids[2]);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(ids[0]);
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(ids[2]);
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(ids[1]);
  });

  it('down, down, up, Enter picks the first suggestion and fills title and author', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC, HABITOS]);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(valueOf(input())).toBe('Atomic Habits');
    expect(valueOf(authorField())).toBe('James Clear');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter on Continue opens the details dialog with the typed title', async () => {
    renderHome();
    await typeAndSettle('my own book', [ATOMIC]);
    await user.keyboard('{ArrowUp}{Enter}');
    const dialog = screen.getByRole('dialog', { name: en.details });
    expect(valueOf(within(dialog).getByLabelText('Title'))).toBe('my own book');
    expect(valueOf(within(dialog).getByLabelText('Author'))).toBe('');
  });

  it('Enter on typed text with no option highlighted takes the Continue path', async () => {
    renderHome();
    await typeAndSettle('my own book', [ATOMIC]);
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: en.details });
    expect(valueOf(within(dialog).getByLabelText('Title'))).toBe('my own book');
    expect(valueOf(within(dialog).getByLabelText('Author'))).toBe('');
    // The modal dialog hides the page behind it from the accessibility tree.
    expect(screen.getByRole('combobox', { hidden: true }).getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter before the suggestions arrive takes the Continue path and drops the search', async () => {
    renderHome();
    await user.type(input(), '  my own book ');
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: en.details });
    expect(valueOf(within(dialog).getByLabelText('Title'))).toBe('my own book');
    await wait(1000);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('Enter on an empty box does nothing', async () => {
    renderHome();
    await user.type(input(), '   {Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes the list', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC]);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    expect(isHidden(screen.getByRole('listbox', { hidden: true }))).toBe(true);
    expect(valueOf(input())).toBe('atomic');
  });

  it('a click outside closes the list', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC]);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('book search box: picking', () => {
  it('does not search again right after a pick', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC]);
    await user.click(options()[0]!);
    await wait(1000);
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('editing the text clears the chosen book', async () => {
    renderHome();
    await typeAndSettle('atomic', [ATOMIC]);
    await user.click(options()[0]!);
    expect(valueOf(authorField())).toBe('James Clear');
    await user.type(input(), '{Backspace}');
    expect(valueOf(authorField())).toBe('');
  });

  it('a suggestion from history opens its summary', async () => {
    const router = renderHome();
    await typeAndSettle('atomic', [GENERATED]);
    await user.click(options()[0]!);
    expect(router.state.location.pathname).toBe('/summary/sum-9');
  });

  it('a suggestion without an id opens the details dialog', async () => {
    renderHome();
    await typeAndSettle('atomic', [suggestion({ id: '', title: 'Atomic Habits', author: '' })]);
    await user.click(options()[0]!);
    const dialog = screen.getByRole('dialog', { name: en.details });
    expect(valueOf(within(dialog).getByLabelText('Title'))).toBe('Atomic Habits');
  });
});

describe('book details dialog', () => {
  async function openDialog() {
    // Confirm generates, which needs a reader; the generation itself is home-generation's subject.
    api.on({
      'GET /api/me/usage': () => json(USAGE),
      'POST /api/summaries': ({ signal }) =>
        new Promise<Response>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    renderHome('/home', true);
    await typeAndSettle('  dune  ', []);
    await user.click(options().at(-1)!);
    return screen.getByRole('dialog');
  }

  it('keeps Confirm disabled until title and author are filled after trimming', async () => {
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    const title = within(dialog).getByLabelText('Title');
    const author = within(dialog).getByLabelText('Author');
    expect(valueOf(title)).toBe('dune');
    expect(isDisabled(confirm)).toBe(true);
    await user.type(author, '   ');
    expect(isDisabled(confirm)).toBe(true);
    await user.type(author, 'Frank Herbert');
    expect(isDisabled(confirm)).toBe(false);
    await user.clear(title);
    expect(isDisabled(confirm)).toBe(true);
    expect(within(dialog).getByText('Title is required')).not.toBeNull();
    await user.type(title, 'Dune ');
    await user.click(confirm);
    // Confirm also starts the generation (its overlay is a dialog too): the details dialog is gone.
    expect(screen.queryByRole('dialog', { name: en.details })).toBeNull();
    // The page now sits behind the generation overlay, hidden from screen readers.
    expect(valueOf(screen.getByRole('combobox', { hidden: true }))).toBe('Dune');
    expect(valueOf(authorField())).toBe('Frank Herbert');
  });

  it('says the author is required once the field is left empty', async () => {
    const dialog = await openDialog();
    await user.click(within(dialog).getByLabelText('Author'));
    await user.tab();
    expect(within(dialog).getByText('Author is required')).not.toBeNull();
    expect(within(dialog).getByLabelText('Author').getAttribute('aria-invalid')).toBe('true');
  });

  it('Cancel closes it without choosing a book', async () => {
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(valueOf(authorField())).toBe('');
  });

  it('is translated', async () => {
    setLanguage('es');
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Detalles del libro' })).not.toBeNull();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Confirmar' }))).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).not.toBeNull();
  });
});

describe('home page', () => {
  it('starts with the book from ?title=&author= chosen, without searching', async () => {
    renderHome('/home?title=Sapiens&author=Yuval%20Noah%20Harari&bookId=b7');
    expect(valueOf(await screen.findByRole('combobox'))).toBe('Sapiens');
    expect(valueOf(authorField())).toBe('Yuval Noah Harari');
    await wait(1000);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the translated heading', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Generate a summary');
  });
});
