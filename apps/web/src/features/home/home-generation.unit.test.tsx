import type { AuthUser, ErrorCode, GenerationEvent, Usage } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import type { Language } from '@summa/shared/languages';
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../lib/auth/auth-context';
import { setLanguage } from '../../lib/i18n';
import {
  apiError,
  fakeApi,
  json,
  offline,
  type FakeApi,
  type FakeRequest,
  type FakeRoutes,
} from '../../test/fake-api';
import { testSession } from '../../test/session-fixture';
import { HomePage } from './home-page';
import { DONE_NAVIGATION_DELAY_MS, ERROR_DISPLAY_MS } from './use-generation';
import { renderWithQueries } from '../../test/query-client';

const SESSION = testSession();
const USER: AuthUser = SESSION.user;
const MIRROR_KEY = `summa.usage.${USER.id}`;
const NOW = new Date('2026-03-15T12:00:00.000Z');
const en = translations.en.generate;

function usage(summariesUsed: number, plan: Usage['plan'] = 'free'): Usage {
  return {
    plan,
    monthKey: '2026-03',
    summariesUsed,
    summariesLimit: plan === 'free' ? 10 : null,
    audiosUsed: 1,
    audiosLimit: plan === 'free' ? 10 : null,
  };
}

/** One POST /api/summaries the fake network is answering with server-sent events. */
interface OpenStream {
  /** The JSON body the page sent. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal;
  /** Sends raw bytes of the event stream, as they would arrive in one network chunk. */
  sendRaw(text: string): Promise<void>;
  send(...events: GenerationEvent[]): Promise<void>;
  /** The server ends the stream. */
  end(): Promise<void>;
  /** True once the page stopped reading the stream. */
  cancelled: boolean;
  /**
   * Settles when the page first reads the stream. The page loads its event parser with a dynamic
   * import, which takes real time the fake clock cannot advance, so events sent before this would
   * wait unread.
   */
  reading: Promise<void>;
}

interface Network {
  usage: Usage;
  /** Holds GET /api/me/usage until resolved, when set. */
  usageGate: Promise<void> | null;
  /** How POST /api/summaries answers: an event stream, a refusal, or no connection at all. */
  generate:
    | { kind: 'stream' }
    | { kind: 'refuse'; status: number; code: ErrorCode; message: string }
    | { kind: 'offline' };
}

let network: Network;
const streams: OpenStream[] = [];
const encoder = new TextEncoder();

const eventText = (event: GenerationEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

function openStream({ body: sent, headers, signal }: FakeRequest): Response {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let startedReading = () => {};
  const reading = new Promise<void>((resolve) => {
    startedReading = resolve;
  });
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        startedReading();
      },
      cancel() {
        stream.cancelled = true;
      },
    },
    // No read ahead: pull() is called only once the page asks for a chunk.
    { highWaterMark: 0 },
  );
  // As fetch does: aborting the request errors the body being read.
  signal.addEventListener('abort', () => controller?.error(new DOMException('aborted', 'AbortError')));
  const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
  const stream: OpenStream = {
    body: sent,
    headers,
    signal,
    async sendRaw(text) {
      controller?.enqueue(encoder.encode(text));
      await flush();
    },
    async send(...events) {
      await stream.sendRaw(events.map(eventText).join(''));
    },
    async end() {
      controller?.close();
      await flush();
    },
    cancelled: false,
    reading,
  };
  streams.push(stream);
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

let api: FakeApi;

const routes: FakeRoutes = {
  // The typed books below are not in the catalogue.
  'POST /api/catalog/search': () => json({ books: [] }),
  'GET /api/me/usage': async () => {
    if (network.usageGate) await network.usageGate;
    return json(network.usage);
  },
  'POST /api/summaries': (request) => {
    const answer = network.generate;
    if (answer.kind === 'offline') return offline();
    if (answer.kind === 'refuse') return apiError(answer.status, answer.code, answer.message);
    return openStream(request);
  },
};

const summaryPosts = () => api.to('/api/summaries');

let user: UserEvent;

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView (the search box keeps its option in view).
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  // Testing Library drains React work with a setTimeout(0) and only advances it for a global
  // `jest`; this lets it advance Vitest's fake clock the same way.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  api = fakeApi(routes);
  setLanguage('en');
  user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  network = { usage: usage(2), usageGate: null, generate: { kind: 'stream' } };
});

afterEach(() => {
  // Sonner keeps its toasts between renders; a fresh page starts without the last test's ones.
  toast.dismiss();
  streams.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ATOMIC = '/home?title=Atomic%20Habits&author=James%20Clear&bookId=b1';

function renderHome(path = ATOMIC, signedIn: AuthUser | null = USER) {
  const router = createMemoryRouter(
    [
      { path: '/home', Component: HomePage },
      { path: '/summary/:id', Component: () => null },
      { path: '/auth', Component: () => null },
      { path: '/plans', Component: () => null },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(
    <AuthContext.Provider value={{ session: signedIn ? SESSION : null, user: signedIn, loading: false }}>
      <RouterProvider router={router} />
      <Toaster />
    </AuthContext.Provider>,
  );
  return router;
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * The toasts on screen: their text and sonner's type (error is the destructive one). Sonner shows
 * a toast with a setTimeout(0), which the fake clock runs 1 ms later when it was set by a timer,
 * so this moves the clock 1 ms first.
 */
async function toasts(): Promise<Array<{ text: string; type: string | undefined }>> {
  await wait(1);
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((element) => ({
    text: element.textContent.trim(),
    type: element.dataset.type,
  }));
}

const overlay = () => screen.queryByRole('dialog', { name: en.overlay.title });
const progress = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
const currentStep = () => document.querySelector<HTMLElement>('li[aria-current="step"]')?.dataset.step;
const usageLine = () => screen.getByTestId('usage-line').textContent;
const storedMirror = (): unknown => JSON.parse(localStorage.getItem(MIRROR_KEY) ?? 'null');

/** Home with Atomic Habits chosen, Generate pressed and the event stream open. */
async function generateAtomicHabits() {
  const router = renderHome();
  await wait(0);
  await user.click(screen.getByRole('button', { name: en.button }));
  await wait(0);
  const stream = streams.at(-1);
  if (!stream) throw new Error('Generate sent no request');
  await act(() => stream.reading);
  return { router, stream };
}

describe('generating a summary from home', () => {
  it('asks for the chosen book as an event stream, in the interface language', async () => {
    const { stream } = await generateAtomicHabits();
    expect(summaryPosts()).toHaveLength(1);
    expect(stream.body).toEqual({
      bookId: 'b1',
      bookTitle: 'Atomic Habits',
      bookAuthor: 'James Clear',
      language: 'en',
    });
    expect(stream.headers.get('Accept')).toBe('text/event-stream');
    expect(stream.headers.get('Accept-Language')).toBe('en');
  });

  it('follows the steps 25 → 50 → 75 → 100, shows the first sections, then opens the summary after 200 ms', async () => {
    const { router, stream } = await generateAtomicHabits();
    expect(overlay()).not.toBeNull();
    expect(progress()).toBe('25');
    expect(currentStep()).toBe('resolve');
    // Behind the modal overlay, hidden from screen readers (issue 14).
    const generate = screen.getByText(en.generating).closest('button');
    expect(generate instanceof HTMLButtonElement && generate.disabled).toBe(true);

    await stream.send({ type: 'progress', step: 'resolve', percent: 25 });
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    expect(progress()).toBe('50');
    expect(currentStep()).toBe('summarize');

    await stream.send({ type: 'section', key: 'oneLiner', value: 'Small habits compound.' });
    const preview = screen.getByRole('region', { name: en.overlay.preview });
    expect(within(preview).getByText('Small habits compound.')).not.toBeNull();
    await stream.send({ type: 'section', key: 'actions', value: ['Stack habits', 'Two-minute rule'] });
    expect(within(preview).getByText('Stack habits · Two-minute rule')).not.toBeNull();

    await stream.send({ type: 'progress', step: 'polish', percent: 75 });
    expect(progress()).toBe('75');
    expect(currentStep()).toBe('polish');

    await stream.send({
      type: 'done',
      step: 'done',
      percent: 100,
      summaryId: 'sum-42',
      cached: false,
      usage: usage(3),
    });
    await stream.end();
    expect(progress()).toBe('100');
    expect(currentStep()).toBe('done');
    expect(DONE_NAVIGATION_DELAY_MS).toBe(200);
    await wait(199);
    expect(router.state.location.pathname).toBe('/home');
    await wait(1);
    expect(router.state.location.pathname).toBe('/summary/sum-42');
    expect(await toasts()).toContainEqual({
      text: 'Summary ready! 3/10 summaries used this month.',
      type: 'success',
    });
    expect(storedMirror()).toEqual({ monthKey: '2026-03', summariesUsed: 3, audiosUsed: 1 });
  });

  it('forgets the sections shown so far when the model starts over (a retry)', async () => {
    const { stream } = await generateAtomicHabits();
    await stream.send(
      { type: 'progress', step: 'summarize', percent: 50 },
      { type: 'section', key: 'oneLiner', value: 'A first attempt.' },
    );
    expect(screen.getByText('A first attempt.')).not.toBeNull();
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    expect(screen.queryByText('A first attempt.')).toBeNull();
    expect(screen.queryByRole('region', { name: en.overlay.preview })).toBeNull();
  });

  it('reads events however the network cuts them', async () => {
    const { stream } = await generateAtomicHabits();
    const summarize = eventText({ type: 'progress', step: 'summarize', percent: 50 });
    const section = eventText({ type: 'section', key: 'oneLiner', value: 'Split in two.' });
    await stream.sendRaw(`: keep-alive\n\n${summarize}${section.slice(0, 30)}`);
    expect(progress()).toBe('50');
    expect(screen.queryByText('Split in two.')).toBeNull();
    await stream.sendRaw(section.slice(30));
    expect(screen.getByText('Split in two.')).not.toBeNull();
  });

  it('shows the success toast for a summary from the cache when it counts against the month', async () => {
    const { router, stream } = await generateAtomicHabits();
    await stream.send({
      type: 'done',
      step: 'done',
      percent: 100,
      summaryId: 'sum-7',
      cached: true,
      usage: usage(3),
    });
    await wait(DONE_NAVIGATION_DELAY_MS);
    expect(router.state.location.pathname).toBe('/summary/sum-7');
    expect((await toasts()).map((shown) => shown.text)).toContain(
      'Summary ready! 3/10 summaries used this month.',
    );
  });

  it('says only "Summary ready!" to a premium reader', async () => {
    network.usage = usage(40, 'premium');
    const { stream } = await generateAtomicHabits();
    await stream.send({
      type: 'done',
      step: 'done',
      percent: 100,
      summaryId: 'sum-8',
      cached: false,
      usage: usage(41, 'premium'),
    });
    await wait(DONE_NAVIGATION_DELAY_MS);
    expect((await toasts()).map((shown) => shown.text)).toEqual([en.successPremium]);
  });
});

describe('generating a typed book that is not in the catalogue', () => {
  const detailsDialog = () => screen.getByRole('dialog', { name: 'Book details' });

  async function confirmAuthor(author: string) {
    const dialog = detailsDialog();
    await user.type(within(dialog).getByLabelText('Author'), author);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await wait(0);
  }

  it('Enter on the typed text, then Confirm in the details dialog, generates that book', async () => {
    renderHome('/home');
    await wait(0);
    await user.type(screen.getByRole('combobox'), 'My Own Book{Enter}');
    expect(summaryPosts()).toHaveLength(0);
    await confirmAuthor('Jane Doe');
    expect(summaryPosts()).toHaveLength(1);
    expect(streams.at(-1)?.body).toEqual({
      bookTitle: 'My Own Book',
      bookAuthor: 'Jane Doe',
      language: 'en',
    });
    expect(overlay()).not.toBeNull();
  });

  it('Confirm after choosing Continue with the typed text generates too', async () => {
    renderHome('/home');
    await wait(0);
    await user.type(screen.getByRole('combobox'), 'My Own Book');
    await wait(200);
    await user.click(screen.getByRole('option', { name: /Continue with the typed text/ }));
    await confirmAuthor('Jane Doe');
    expect(streams.at(-1)?.body).toEqual({
      bookTitle: 'My Own Book',
      bookAuthor: 'Jane Doe',
      language: 'en',
    });
  });

  it('Enter in the box with a book already chosen generates it, as the button does', async () => {
    renderHome();
    await wait(0);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Enter}');
    await wait(0);
    expect(screen.queryByRole('dialog', { name: 'Book details' })).toBeNull();
    expect(streams.at(-1)?.body).toEqual({
      bookId: 'b1',
      bookTitle: 'Atomic Habits',
      bookAuthor: 'James Clear',
      language: 'en',
    });
  });
});

describe('cancelling a generation', () => {
  it('stops the request, closes the overlay with a toast and stays home', async () => {
    const { router, stream } = await generateAtomicHabits();
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    await user.click(screen.getByRole('button', { name: en.overlay.cancel }));
    await wait(0);
    expect(stream.signal.aborted).toBe(true);
    expect(overlay()).toBeNull();
    expect(await toasts()).toEqual([{ text: en.overlay.cancelled, type: undefined }]);
    // Nothing more follows: no error, no navigation, and the counter is what the server said.
    await wait(ERROR_DISPLAY_MS + 1_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await toasts()).filter((shown) => shown.type === 'error')).toEqual([]);
    expect(router.state.location.pathname).toBe('/home');
    expect(usageLine()).toBe('Free plan: 2 of 10 summaries used this month.');
    expect(screen.getByRole('button', { name: en.button })).not.toBeNull();
  });

  it('cancels on Escape too', async () => {
    const { stream } = await generateAtomicHabits();
    await user.keyboard('{Escape}');
    await wait(0);
    expect(stream.signal.aborted).toBe(true);
    expect(overlay()).toBeNull();
  });
});

describe('a generation that fails', () => {
  it('shows the error for 3 s, then closes with a destructive toast', async () => {
    const { router, stream } = await generateAtomicHabits();
    const message = 'We could not identify this book. Check the title and the author.';
    await stream.send({ type: 'error', step: 'error', percent: 0, code: 'BOOK_NOT_IDENTIFIED', message });
    await stream.end();
    const dialog = screen.getByRole('dialog', { name: en.overlay.errorTitle });
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(ERROR_DISPLAY_MS).toBe(3_000);
    await wait(2_998);
    expect(screen.queryByRole('dialog', { name: en.overlay.errorTitle })).not.toBeNull();
    // toasts() moves the clock to 2 999 ms.
    expect(await toasts()).toEqual([]);
    expect(screen.queryByRole('dialog', { name: en.overlay.errorTitle })).not.toBeNull();
    await wait(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await toasts()).toEqual([{ text: message, type: 'error' }]);
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('button', { name: en.button })).not.toBeNull();
  });

  it('treats a stream that ends without an answer as a failure', async () => {
    const { stream } = await generateAtomicHabits();
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    await stream.end();
    expect(screen.getByRole('alert').textContent).toBe(translations.en.errors.GENERATION_FAILED);
    await wait(ERROR_DISPLAY_MS);
    expect(await toasts()).toEqual([{ text: translations.en.errors.GENERATION_FAILED, type: 'error' }]);
  });

  it.each([
    ['a step it does not know', { type: 'progress', step: 'translate', percent: 60 }],
    ['a section it does not know', { type: 'section', key: 'chapters', value: 'One, two.' }],
    ['a done without the summary', { type: 'done', step: 'done', percent: 100, cached: false }],
    ['no JSON at all', '{"type": "progress",'],
  ])('treats an event with %s as a failure and stops reading', async (_name, event) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router, stream } = await generateAtomicHabits();
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    const data = typeof event === 'string' ? event : JSON.stringify(event);
    await stream.sendRaw(`event: message\ndata: ${data}\n\n`);
    expect(screen.getByRole('alert').textContent).toBe(translations.en.errors.GENERATION_FAILED);
    expect(warn).toHaveBeenCalledWith('[summa] unexpected answer from /api/summaries', expect.anything());
    expect(stream.cancelled).toBe(true);
    await wait(ERROR_DISPLAY_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await toasts()).toEqual([{ text: translations.en.errors.GENERATION_FAILED, type: 'error' }]);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('treats a lost connection the same way', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    network.generate = { kind: 'offline' };
    renderHome();
    await wait(0);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    expect(screen.getByRole('alert').textContent).toBe(translations.en.errors.GENERATION_FAILED);
    await wait(ERROR_DISPLAY_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await toasts()).toEqual([{ text: translations.en.errors.GENERATION_FAILED, type: 'error' }]);
  });

  it('sends a reader whose request is refused as "não autenticado" to /auth with the login toast', async () => {
    network.generate = {
      kind: 'refuse',
      status: 403,
      code: 'FORBIDDEN',
      message: 'Usuário NÃO AUTENTICADO.',
    };
    const router = renderHome();
    await wait(0);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    expect(router.state.location.pathname).toBe('/auth');
    expect(await toasts()).toEqual([{ text: en.loginRequired, type: 'error' }]);
    expect(overlay()).toBeNull();
  });

  it('does the same when the streamed error says "não autenticado", after showing it', async () => {
    const { router, stream } = await generateAtomicHabits();
    await stream.send({
      type: 'error',
      step: 'error',
      percent: 0,
      code: 'GENERATION_FAILED',
      message: 'Erro: usuário não autenticado',
    });
    expect(screen.getByRole('alert').textContent).toBe('Erro: usuário não autenticado');
    await wait(ERROR_DISPLAY_MS);
    expect(router.state.location.pathname).toBe('/auth');
    expect(await toasts()).toEqual([{ text: en.loginRequired, type: 'error' }]);
  });
});

describe('the Limit dialog', () => {
  const refuseLimit = (language: Language) => {
    network.generate = {
      kind: 'refuse',
      status: 403,
      code: 'SUMMARY_LIMIT_REACHED',
      message: translations[language].errors.SUMMARY_LIMIT_REACHED,
    };
  };

  it('opens on the plan limit, with the destructive toast, and Close closes it', async () => {
    network.usage = usage(10);
    refuseLimit('en');
    const router = renderHome();
    await wait(0);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    expect(overlay()).toBeNull();
    const dialog = screen.getByRole('dialog', { name: "You've hit the Free plan limit" });
    expect(within(dialog).getByText(/includes 10 summaries a month/)).not.toBeNull();
    expect(await toasts()).toEqual([{ text: "You've reached the 10 summaries/month limit.", type: 'error' }]);
    expect(within(dialog).getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe('/plans');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await wait(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('goes to /plans from Go Premium', async () => {
    refuseLimit('en');
    const router = renderHome();
    await wait(0);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    await user.click(screen.getByRole('link', { name: 'Go Premium' }));
    await wait(0);
    expect(router.state.location.pathname).toBe('/plans');
  });

  it.each(['pt', 'es'] as const)('speaks %s', async (language) => {
    setLanguage(language);
    refuseLimit(language);
    const texts = translations[language].generate;
    renderHome();
    await wait(0);
    await user.click(screen.getByRole('button', { name: texts.button }));
    await wait(0);
    const dialog = screen.getByRole('dialog', { name: texts.limit.title });
    expect(within(dialog).getByText(texts.limit.body.replace('{{limit}}', '10'))).not.toBeNull();
    expect(within(dialog).getByRole('link', { name: texts.limit.goPremium }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(within(dialog).getByRole('button', { name: texts.limit.close })).not.toBeNull();
    expect(await toasts()).toEqual([{ text: texts.limit.toast, type: 'error' }]);
  });
});

describe('home before generating', () => {
  it('sends a visitor without a session to /auth with the login toast', async () => {
    const router = renderHome(ATOMIC, null);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    expect(router.state.location.pathname).toBe('/auth');
    expect(await toasts()).toEqual([{ text: en.loginRequired, type: 'error' }]);
    expect(summaryPosts()).toHaveLength(0);
  });

  it('asks for the book title when there is none', async () => {
    const router = renderHome('/home');
    await wait(0);
    await user.click(screen.getByRole('button', { name: en.button }));
    await wait(0);
    expect(await toasts()).toEqual([{ text: 'Please enter the book title', type: 'error' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(summaryPosts()).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/home');
  });

  it.each(['pt', 'en', 'es'] as const)('shows the product name and the %s tagline', (language) => {
    setLanguage(language);
    renderHome();
    expect(screen.getByText(translations[language].generate.tagline)).not.toBeNull();
    expect(screen.getByText(translations[language].generate.productName)).not.toBeNull();
  });

  it('shows the Premium badge to a premium reader only', async () => {
    network.usage = usage(12, 'premium');
    renderHome();
    expect(screen.queryByText(en.premiumBadge)).toBeNull();
    await wait(0);
    expect(screen.getByText(en.premiumBadge).closest('p')?.textContent).toBe(
      `${en.productName}${en.premiumBadge}`,
    );
    expect(usageLine()).toBe(en.usagePremium);
  });

  it('shows no Premium badge on the free plan', async () => {
    renderHome();
    await wait(0);
    expect(usageLine()).toBe('Free plan: 2 of 10 summaries used this month.');
    expect(screen.queryByText(en.premiumBadge)).toBeNull();
  });
});

describe('the usage line and its local mirror', () => {
  it("shows this user's stored counter at once, then the server's, which it stores", async () => {
    let answer = () => {};
    network.usageGate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    localStorage.setItem(
      MIRROR_KEY,
      JSON.stringify({ monthKey: '2026-03', summariesUsed: 7, audiosUsed: 2 }),
    );
    localStorage.setItem(
      'summa.usage.someone-else',
      JSON.stringify({ monthKey: '2026-03', summariesUsed: 9, audiosUsed: 0 }),
    );
    renderHome();
    expect(usageLine()).toBe('Free plan: 7 of 10 summaries used this month.');
    await act(async () => answer());
    await wait(0);
    expect(usageLine()).toBe('Free plan: 2 of 10 summaries used this month.');
    expect(storedMirror()).toEqual({ monthKey: '2026-03', summariesUsed: 2, audiosUsed: 1 });
  });

  it('starts from zero when the stored counter is from an earlier month', () => {
    network.usageGate = new Promise<void>(() => {});
    localStorage.setItem(
      MIRROR_KEY,
      JSON.stringify({ monthKey: '2026-02', summariesUsed: 10, audiosUsed: 4 }),
    );
    renderHome();
    expect(usageLine()).toBe('Free plan: 0 of 10 summaries used this month.');
  });

  it('keeps the stored counter when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on({ 'GET /api/me/usage': offline });
    localStorage.setItem(
      MIRROR_KEY,
      JSON.stringify({ monthKey: '2026-03', summariesUsed: 5, audiosUsed: 0 }),
    );
    renderHome();
    await wait(0);
    expect(usageLine()).toBe('Free plan: 5 of 10 summaries used this month.');
    expect(warn).toHaveBeenCalled();
  });
});

describe('a generation that waits for the server to get its model ready', () => {
  it('shows the download as it goes, then the steps again once the model is ready', async () => {
    const { stream } = await generateAtomicHabits();
    await stream.send(
      { type: 'progress', step: 'resolve', percent: 25 },
      {
        type: 'model',
        state: 'downloading',
        progress: 0.1,
        downloadedBytes: 111_700_000,
        totalBytes: 1_117_000_000,
      },
    );
    const bar = () => screen.queryByRole('progressbar', { name: en.overlay.model.progress });
    expect(bar()?.getAttribute('aria-valuenow')).toBe('10');
    await stream.send({
      type: 'model',
      state: 'downloading',
      progress: 0.5,
      downloadedBytes: 558_500_000,
      totalBytes: 1_117_000_000,
    });
    expect(bar()?.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('model-bytes').textContent).toBe('559 of 1,117 MB');
    await stream.send({ type: 'model', state: 'loading' });
    expect(screen.getByText(en.overlay.model.loading)).not.toBeNull();
    expect(bar()).toBeNull();
    await stream.send({ type: 'progress', step: 'resolve', percent: 25 });
    expect(screen.queryByTestId('model-wait')).toBeNull();
    await stream.send({ type: 'progress', step: 'summarize', percent: 50 });
    expect(currentStep()).toBe('summarize');
  });

  it('says summaries are unavailable on this server when the model cannot be set up', async () => {
    const { stream } = await generateAtomicHabits();
    const message = translations.en.errors.SUMMARIES_UNAVAILABLE;
    await stream.send({
      type: 'model',
      state: 'downloading',
      progress: 0.2,
      downloadedBytes: 2,
      totalBytes: 10,
    });
    await stream.send({ type: 'error', step: 'error', percent: 0, code: 'SUMMARIES_UNAVAILABLE', message });
    await stream.end();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await wait(ERROR_DISPLAY_MS);
    expect(await toasts()).toEqual([{ text: message, type: 'error' }]);
  });
});
