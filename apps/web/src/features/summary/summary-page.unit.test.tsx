import type { Summary, Usage } from '@summa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth/auth-client';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { setLanguage } from '../../lib/i18n';
import { ReaderProgressProvider } from '../../lib/progress/progress-provider';
import { apiError, fakeApi, json, noContent, type FakeApi } from '../../test/fake-api';
import { testAward, testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { SummaryPage } from './summary-page';
import { renderWithQueries } from '../../test/query-client';

const NONFICTION: Summary = {
  id: 'sum-1',
  title: 'Atomic Habits',
  author: 'James Clear',
  language: 'en',
  bookId: 'b1',
  category: 'habits',
  cover_url: null,
  isbn13: '9780735211292',
  createdAt: '2026-03-01T12:00:00.000Z',
  editorial: false,
  feedback: null,
  related: [
    { id: 'b2', title: 'The Power of Habit', author: 'Charles Duhigg', cover_url: null },
    { id: 'b3', title: 'Tiny Habits', author: 'BJ Fogg', cover_url: 'https://covers.example/tiny.jpg' },
  ],
  content: {
    kind: 'nonfiction',
    oneLiner: 'Small habits compound into remarkable results.',
    keyIdeas: [
      { title: 'Systems beat goals', explanation: 'Focus on the process, not the outcome.' },
      { title: 'Identity-based habits', explanation: 'Decide who you want to be.' },
      { title: 'Make it obvious', explanation: 'Design cues into your environment.' },
      { title: 'Make it easy', explanation: 'Reduce friction for good habits.' },
      { title: 'Make it satisfying', explanation: 'Reward yourself right away.' },
    ],
    actions: [
      'Write down your current habits.',
      'Stack a new habit on an old one.',
      'Prepare your environment.',
      'Use the two-minute rule.',
      'Track your habits daily.',
    ],
    routine: ['Morning review', 'Midday check-in', 'Evening reflection'],
    sevenDayPlan: Array.from({ length: 7 }, (_, index) => ({
      focus: `Focus of day ${index + 1}`,
      tasks: [`Task ${index + 1}a`, `Task ${index + 1}b`],
    })),
    metrics: ['Habit streak length', 'Missed days per week', 'Energy level'],
    pitfalls: ['Relying on motivation', 'Changing too much at once', 'Ignoring the environment'],
    closing: 'Get one percent better every day.',
  },
};

const FICTION: Summary = {
  ...NONFICTION,
  id: 'sum-2',
  isbn13: null,
  title: 'Dom Casmurro',
  author: 'Machado de Assis',
  language: 'pt',
  category: null,
  related: [],
  content: {
    kind: 'fiction',
    oneLiner: 'A jealous narrator retells his life and marriage.',
    synopsis: 'Bento Santiago recalls his youth.\n\nHe suspects Capitu of betrayal.',
    themes: ['Jealousy', 'Memory and unreliability', 'Social class'],
    characters: [
      { name: 'Bentinho', description: 'The narrator, suspicious and nostalgic.' },
      { name: 'Capitu', description: 'His sharp and enigmatic wife.' },
    ],
    writingStyle: 'Ironic, fragmented chapters that talk to the reader.',
    recommendedFor: 'Readers who enjoy unreliable narrators.',
    closing: 'The doubt remains with the reader.',
  },
};

const NONFICTION_HEADINGS = [
  'In one sentence',
  'Key ideas',
  'Practical actions',
  'Routine',
  '7-day plan',
  'Metrics',
  'Pitfalls and limits',
  'Closing',
];
const FICTION_HEADINGS = [
  'In one sentence',
  'Synopsis',
  'Themes',
  'Characters',
  'Writing style',
  'Recommended for',
  'Closing',
];

function usage(plan: Usage['plan']): Usage {
  return {
    plan,
    monthKey: '2026-03',
    summariesUsed: 2,
    summariesLimit: plan === 'free' ? 10 : null,
    audiosUsed: 0,
    audiosLimit: plan === 'free' ? 10 : null,
  };
}

interface Network {
  summaries: Record<string, Summary>;
  /** Fails every summary load with this status, when set. */
  summaryStatus: number | null;
  /** Answers summary loads with a body that breaks the contract (sections missing), when set. */
  malformed: boolean;
  plan: Usage['plan'];
  /** 204 (taken) or 409 (already rated). */
  feedbackStatus: 204 | 409;
  /** The server's AMAZON_ASSOCIATE_TAG (GET /api/status), null when unset. */
  amazonTag: string | null;
}

let network: Network;
let api: FakeApi;
/** The ratings the reader sent, by summary. */
const feedbackPosts = () =>
  api.requests
    .filter(({ route }) => /^POST \/api\/summaries\/[^/]+\/feedback$/.test(route))
    .map(({ params, body }) => ({ id: params.id, body }));

let user: UserEvent;

beforeEach(() => {
  api = fakeApi({
    'POST /api/summaries/:id/feedback': () =>
      network.feedbackStatus === 409
        ? apiError(409, 'FEEDBACK_ALREADY_GIVEN', 'You have already rated this summary.')
        : noContent(),
    'GET /api/summaries/:id': ({ params }) => {
      if (network.summaryStatus) return apiError(network.summaryStatus, 'INTERNAL_ERROR', 'boom');
      const summary = network.summaries[params.id ?? ''];
      if (summary && network.malformed) {
        return json({ ...summary, content: { kind: 'nonfiction', oneLiner: 'Only this.' } });
      }
      return summary ? json(summary) : apiError(404, 'NOT_FOUND', 'Not found.');
    },
    'GET /api/me/usage': () => json(usage(network.plan)),
    // A signed-in reader's XP (the XP tests sign in; the others are visitors to the XP flow).
    'POST /api/auth/login': () => json(testSession()),
    'POST /api/auth/logout': noContent,
    'GET /api/me': () => json(testMe()),
    'POST /api/xp': () => json(testAward(10)),
    'GET /api/status': () =>
      json({ llm: { provider: 'local', model: 'm', state: 'ready' }, amazonAssociateTag: network.amazonTag }),
  });
  setLanguage('en');
  // Sets up a clipboard stub on navigator that the test can read back.
  user = userEvent.setup();
  network = {
    summaries: { [NONFICTION.id]: NONFICTION, [FICTION.id]: FICTION },
    summaryStatus: null,
    malformed: false,
    plan: 'free',
    feedbackStatus: 204,
    amazonTag: null,
  };
});

afterEach(async () => {
  // Sonner keeps its toasts between renders; a fresh page starts without the last test's ones.
  toast.dismiss();
  await authClient.signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Elsewhere() {
  return null;
}

function renderSummary(id = NONFICTION.id) {
  const router = createMemoryRouter(
    [
      { path: '/summary/:id', Component: SummaryPage },
      { path: '/history', Component: Elsewhere },
      { path: '/home', Component: Elsewhere },
      { path: '/plans', Component: Elsewhere },
    ],
    { initialEntries: [`/summary/${id}`] },
  );
  renderWithQueries(
    <AuthProvider>
      <ReaderProgressProvider>
        <RouterProvider router={router} />
      </ReaderProgressProvider>
      <Toaster />
    </AuthProvider>,
  );
  return router;
}

/** The summary's own section headings (the player and the forms around it have theirs). */
const sectionHeadings = () =>
  within(screen.getByRole('article'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const section = (name: string) => screen.getByRole('region', { name });
/** The items of the first list in `element`, without those of lists nested inside them. */
const listItems = (element: HTMLElement) =>
  [...within(element).getAllByRole('list')[0]!.children].filter(
    (child) => child.tagName === 'LI',
  ) as HTMLElement[];

describe('summary page: content', () => {
  it('shows a skeleton while loading, then the header of the book', async () => {
    renderSummary();
    expect(screen.getByTestId('summary-skeleton')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading the summary…');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Atomic Habits');
    expect(screen.queryByTestId('summary-skeleton')).toBeNull();
    expect(screen.getByTestId('summary-author').textContent).toBe('James Clear');
    expect(screen.getByTestId('summary-language').textContent).toBe('English');
    expect(screen.getByText('Habits')).not.toBeNull();
    expect(screen.getAllByTestId('book-cover-placeholder').length).toBeGreaterThan(0);
    expect(document.title).toBe('Atomic Habits · Summa');
  });

  it('renders every section of a non-fiction summary under its heading, lists as lists', async () => {
    renderSummary();
    await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' });
    expect(sectionHeadings().slice(0, NONFICTION_HEADINGS.length)).toEqual(NONFICTION_HEADINGS);
    const content = NONFICTION.content;
    if (content.kind !== 'nonfiction') throw new Error('fixture');

    expect(section('In one sentence').textContent).toContain(content.oneLiner);

    const ideas = listItems(section('Key ideas'));
    expect(ideas).toHaveLength(5);
    expect(within(ideas[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Systems beat goals');
    expect(ideas[0]!.textContent).toContain('Focus on the process, not the outcome.');

    expect(listItems(section('Practical actions')).map((item) => item.textContent)).toEqual(content.actions);
    expect(within(section('Practical actions')).getByRole('list').tagName).toBe('OL');
    expect(listItems(section('Routine')).map((item) => item.textContent)).toEqual(content.routine);

    const days = listItems(section('7-day plan'));
    expect(days).toHaveLength(7);
    expect(within(days[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Day 1 · Focus of day 1');
    expect(
      within(days[6]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Task 7a', 'Task 7b']);

    expect(listItems(section('Metrics')).map((item) => item.textContent)).toEqual(content.metrics);
    expect(listItems(section('Pitfalls and limits')).map((item) => item.textContent)).toEqual(
      content.pitfalls,
    );
    expect(section('Closing').textContent).toContain(content.closing);
  });

  it('renders every section of a fiction summary under its heading', async () => {
    renderSummary(FICTION.id);
    await screen.findByRole('heading', { level: 1, name: 'Dom Casmurro' });
    expect(screen.getByTestId('summary-language').textContent).toBe('Português');
    expect(sectionHeadings().slice(0, FICTION_HEADINGS.length)).toEqual(FICTION_HEADINGS);
    for (const heading of ['Key ideas', '7-day plan', 'Related books']) {
      expect(screen.queryByRole('heading', { name: heading })).toBeNull();
    }

    expect(section('In one sentence').textContent).toContain('A jealous narrator');
    const synopsis = within(section('Synopsis')).getAllByText(/./, { selector: 'p' });
    expect(synopsis.map((paragraph) => paragraph.textContent)).toEqual([
      'Bento Santiago recalls his youth.',
      'He suspects Capitu of betrayal.',
    ]);
    expect(listItems(section('Themes')).map((item) => item.textContent)).toEqual([
      'Jealousy',
      'Memory and unreliability',
      'Social class',
    ]);
    const characters = section('Characters');
    expect(
      within(characters)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Bentinho', 'Capitu']);
    expect(within(characters).getAllByRole('definition')[1]!.textContent).toBe(
      'His sharp and enigmatic wife.',
    );
    expect(section('Writing style').textContent).toContain('Ironic, fragmented chapters');
    expect(section('Recommended for').textContent).toContain('unreliable narrators');
    expect(section('Closing').textContent).toContain('The doubt remains');
  });

  it('offers each related book with a link that prefills the home page', async () => {
    const router = renderSummary();
    const related = await screen.findByRole('region', { name: 'Related books' });
    const cards = within(related).getAllByTestId('related-book');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('The Power of Habit');
    expect(cards[0]!.textContent).toContain('Charles Duhigg');
    const link = within(related).getByRole('link', { name: 'Summarize this book: Tiny Habits' });
    expect(link.textContent).toBe('Summarize this book');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/home');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      title: 'Tiny Habits',
      author: 'BJ Fogg',
      bookId: 'b3',
    });
  });
});

describe('summary page: Buy on Amazon (issue 23)', () => {
  it.each([
    ['pt', 'Comprar na Amazon', 'https://www.amazon.com.br/s?k=9780735211292&i=stripbooks&tag=summa-20'],
    ['en', 'Buy on Amazon', 'https://www.amazon.com/s?k=9780735211292&i=stripbooks&tag=summa-20'],
    ['es', 'Comprar en Amazon', 'https://www.amazon.com.mx/s?k=9780735211292&i=stripbooks&tag=summa-20'],
  ] as const)(
    "in %s, links to the store of the reader's language by ISBN, tagged, in a new tab",
    async (language, name, href) => {
      network.amazonTag = 'summa-20';
      setLanguage(language);
      renderSummary();
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('sponsored noopener noreferrer');
    },
  );

  it('searches by title and author for a book without an ISBN', async () => {
    network.amazonTag = 'summa-20';
    renderSummary(FICTION.id);
    const link = await screen.findByRole('link', { name: 'Buy on Amazon' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.searchParams.get('k')).toBe(`${FICTION.title} ${FICTION.author}`);
  });

  it('has no Amazon link when the server has no associate tag', async () => {
    renderSummary();
    await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' });
    await waitFor(() => expect(api.to('/api/status')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('buy-on-amazon')).toBeNull();
  });
});

describe('summary page: states', () => {
  it('shows a translated not-found state with ways back', async () => {
    renderSummary('missing');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Summary not found' });
    expect(heading).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my history' }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: 'Generate a summary' }).getAttribute('href')).toBe('/home');
  });

  it('shows an error state that retries', async () => {
    network.summaryStatus = 500;
    renderSummary();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the summary');
    network.summaryStatus = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' })).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('summary page: an answer of the wrong shape', () => {
  it('shows the error state instead of a broken page, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    network.malformed = true;
    renderSummary();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the summary');
    expect(screen.queryByText('Only this.')).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      '[summa] unexpected answer from /api/summaries/sum-1',
      expect.anything(),
    );
  });
});

describe('summary page: actions', () => {
  it('copies the whole summary as plain text with headings and confirms it', async () => {
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    await screen.findByText('Summary copied to the clipboard.');
    const text = await navigator.clipboard.readText();
    expect(text.startsWith('Atomic Habits by James Clear\n')).toBe(true);
    expect(text).not.toMatch(/<[a-z]/i);
    for (const heading of NONFICTION_HEADINGS) expect(text).toContain(`\n\n${heading.toUpperCase()}\n`);
    expect(text).toContain('IN ONE SENTENCE\nSmall habits compound into remarkable results.');
    expect(text).toContain('1. Systems beat goals\n   Focus on the process, not the outcome.');
    expect(text).toContain('5. Track your habits daily.');
    expect(text).toContain('- Morning review');
    expect(text).toContain('Day 1: Focus of day 1\n  - Task 1a\n  - Task 1b');
    expect(text).toContain('Day 7: Focus of day 7');
    expect(text.endsWith('CLOSING\nGet one percent better every day.')).toBe(true);
  });

  it('copies a fiction summary with its own sections', async () => {
    renderSummary(FICTION.id);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    await screen.findByText('Summary copied to the clipboard.');
    const text = await navigator.clipboard.readText();
    for (const heading of FICTION_HEADINGS) expect(text).toContain(heading.toUpperCase());
    expect(text).toContain('- Bentinho: The narrator, suspicious and nostalgic.');
    expect(text).not.toContain('KEY IDEAS');
  });

  it('shares through the Web Share API when the browser has it', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderSummary();
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await screen.findByText('Summary shared!');
      expect(share).toHaveBeenCalledWith({
        title: 'Atomic Habits',
        text: 'Summary of "Atomic Habits" by James Clear on Summa.',
        url: `${window.location.origin}/summary/sum-1`,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('copies the link instead when the browser cannot share', async () => {
    expect('share' in navigator).toBe(false);
    renderSummary();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByText('Summary link copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/summary/sum-1`);
  });

  it('gates the PDF download for a free reader, pointing to the plans', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const router = renderSummary();
    const pdf = await screen.findByRole('button', { name: 'Download PDF' });
    await waitFor(() => expect(api.to('/api/me/usage').length > 0).toBe(true));
    await user.click(pdf);
    const dialog = await screen.findByRole('dialog', { name: 'PDF export is a Premium feature' });
    expect(print).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('link', { name: 'See Premium' }));
    expect(router.state.location.pathname).toBe('/plans');
  });

  it('downloads the server’s PDF for a premium reader (summary-actions.unit.test.tsx has the details)', async () => {
    network.plan = 'premium';
    api.on({
      'GET /api/summaries/:id/pdf': () =>
        new Response('%PDF-', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:summa/1');
    renderSummary();
    const pdf = await screen.findByRole('button', { name: 'Download PDF' });
    await waitFor(() => expect(pdf.getAttribute('aria-describedby')).toBeNull());
    await user.click(pdf);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.to('/api/summaries/sum-1/pdf')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the chrome-free print layout: actions, feedback and related books stay off paper', async () => {
    renderSummary();
    await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' });
    const hidden = [...document.querySelectorAll('[data-print-hidden]')];
    expect(hidden).toContain(screen.getByRole('group', { name: 'Summary actions' }));
    expect(hidden).toContain(screen.getByRole('region', { name: 'Was this summary helpful?' }));
    expect(hidden).toContain(screen.getByRole('region', { name: 'Related books' }));
    expect(document.querySelector('[data-summary-print]')?.contains(section('Key ideas'))).toBe(true);
  });
});

describe('summary page: feedback', () => {
  it('sends one vote with the comment and thanks the reader', async () => {
    renderSummary();
    const feedback = await screen.findByRole('region', { name: 'Was this summary helpful?' });
    const up = within(feedback).getByRole('button', { name: 'Helpful' });
    const down = within(feedback).getByRole('button', { name: 'Not helpful' });
    const send = within(feedback).getByRole<HTMLButtonElement>('button', { name: 'Send rating' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    expect(send.disabled).toBe(true);

    await user.click(down);
    expect(down.getAttribute('aria-pressed')).toBe('true');
    await user.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(down.getAttribute('aria-pressed')).toBe('false');

    const comment = within(feedback).getByLabelText('Comment (optional)');
    expect(comment.getAttribute('maxlength')).toBe('1000');
    await user.type(comment, '  Very practical!  ');
    expect(within(feedback).getByText('19/1000 characters')).not.toBeNull();
    await user.click(send);

    const thanks = await within(feedback).findByRole('status');
    expect(thanks.textContent).toContain('Thanks for your feedback!');
    expect(thanks.textContent).toContain('You rated this summary as helpful.');
    expect(thanks.textContent).toContain('Very practical!');
    expect(feedbackPosts()).toEqual([{ id: 'sum-1', body: { vote: 'up', comment: 'Very practical!' } }]);
    expect(within(feedback).queryByRole('button')).toBeNull();
  });

  it('leaves the comment out when there is none; the keyboard works too', async () => {
    renderSummary();
    const feedback = await screen.findByRole('region', { name: 'Was this summary helpful?' });
    within(feedback).getByRole('button', { name: 'Not helpful' }).focus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(feedback).getByRole('button', { name: 'Send rating' }));
    await user.keyboard('{Enter}');
    await within(feedback).findByText('You rated this summary as not helpful.');
    expect(feedbackPosts()).toEqual([{ id: 'sum-1', body: { vote: 'down' } }]);
  });

  it('shows the thank-you state at once when the reader already rated it', async () => {
    network.summaries[NONFICTION.id] = { ...NONFICTION, feedback: { vote: 'down', comment: 'Too short' } };
    renderSummary();
    const feedback = await screen.findByRole('region', { name: 'Was this summary helpful?' });
    const thanks = within(feedback).getByRole('status');
    expect(thanks.textContent).toContain('You rated this summary as not helpful.');
    expect(thanks.textContent).toContain('Too short');
    expect(within(feedback).queryByRole('button')).toBeNull();
  });

  it('shows the translated message when the server says it was already rated', async () => {
    network.feedbackStatus = 409;
    renderSummary();
    const feedback = await screen.findByRole('region', { name: 'Was this summary helpful?' });
    await user.click(within(feedback).getByRole('button', { name: 'Helpful' }));
    await user.click(within(feedback).getByRole('button', { name: 'Send rating' }));
    const alert = await within(feedback).findByRole('alert');
    expect(alert.textContent).toBe('You have already rated this summary.');
    expect(within(feedback).queryByRole('button', { name: 'Send rating' })).toBeNull();
    expect(feedbackPosts()).toHaveLength(1);
  });
});

describe('summary page: XP events', () => {
  /** The XP events the page reported, in order. */
  const xpEvents = () => api.to('/api/xp').map(({ body }) => body);
  /** Signs in, opens the summary, waits for its read to be reported, then sends 'Helpful'; the feedback region. */
  const rateHelpful = async () => {
    await signIn();
    renderSummary();
    const feedback = await screen.findByRole('region', { name: 'Was this summary helpful?' });
    await waitFor(() => expect(xpEvents()).toHaveLength(1));
    await user.click(within(feedback).getByRole('button', { name: 'Helpful' }));
    await user.click(within(feedback).getByRole('button', { name: 'Send rating' }));
    return feedback;
  };
  const signIn = () => authClient.signInWithPassword({ email: 'ana@example.com', password: 'secret1' });

  it('reports one read per page view of a summary for a signed-in reader, and says what it earned', async () => {
    await signIn();
    renderSummary();
    await screen.findByRole('heading', { level: 1, name: NONFICTION.title });
    await waitFor(() =>
      expect(xpEvents()).toEqual([{ eventType: 'read_summary', subjectId: NONFICTION.id }]),
    );
    await screen.findByText('+10 XP');
    expect(screen.getByText('Summary read! Keep it up.')).toBeTruthy();
  });

  it('reports a read for each summary opened in turn', async () => {
    await signIn();
    const router = renderSummary();
    await waitFor(() => expect(xpEvents()).toHaveLength(1));
    await act(() => router.navigate(`/summary/${FICTION.id}`));
    await screen.findByRole('heading', { level: 1, name: FICTION.title });
    await waitFor(() => expect(xpEvents()).toHaveLength(2));
    expect(xpEvents()[1]).toEqual({ eventType: 'read_summary', subjectId: FICTION.id });
  });

  it('reports nothing for a visitor', async () => {
    renderSummary();
    await screen.findByRole('heading', { level: 1, name: NONFICTION.title });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Summary link copied to the clipboard.');
    expect(xpEvents()).toEqual([]);
  });

  it('reports feedback once the rating was taken, and not when it was refused', async () => {
    const feedback = await rateHelpful();
    await within(feedback).findByRole('status');
    await waitFor(() => expect(xpEvents()).toHaveLength(2));
    expect(xpEvents()[1]).toEqual({ eventType: 'feedback_given', subjectId: NONFICTION.id });
  });

  it('reports no feedback event when the server refuses the rating', async () => {
    network.feedbackStatus = 409;
    const feedback = await rateHelpful();
    await within(feedback).findByRole('alert');
    expect(xpEvents()).toEqual([{ eventType: 'read_summary', subjectId: NONFICTION.id }]);
  });

  it('reports a share once the link is copied', async () => {
    await signIn();
    renderSummary();
    await waitFor(() => expect(xpEvents()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Summary link copied to the clipboard.');
    await waitFor(() => expect(xpEvents()).toHaveLength(2));
    expect(xpEvents()[1]).toEqual({ eventType: 'share_summary', subjectId: NONFICTION.id });
  });

  it('reports no share when the share sheet is closed', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('closed', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await signIn();
      renderSummary();
      await waitFor(() => expect(xpEvents()).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      // Another action's toast: by then the closed share sheet has long been handled.
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      await screen.findByText('Summary copied to the clipboard.');
      expect(xpEvents()).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});
