import type { TranslationEvent } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectApiAuth } from '../../lib/api-client';
import { apiError, fakeApi, type FakeApi } from '../../test/fake-api';
import { FICTION_SUMMARY } from '../../test/summary-fixture';
import { SummaryActions } from './summary-actions';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

const SUMMARY = FICTION_SUMMARY;

/** A whole event stream at once, as the server writes it. */
function eventStream(...events: TranslationEvent[]): Response {
  const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

let api: FakeApi;
let answer: () => Response;
let user: UserEvent;

beforeEach(() => {
  user = englishUser();
  api = fakeApi({ 'POST /api/summaries/:id/translations': () => answer() });
  connectApiAuth({ accessToken: () => 'access-1', renewAfterUnauthorized: () => Promise.resolve(null) });
});

afterEach(() => {
  toast.dismiss();
  connectApiAuth(null);
  vi.unstubAllGlobals();
});

function OpenedSummary() {
  const { id } = useParams();
  return <p>{`opened ${id}`}</p>;
}

function renderActions(premium: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/summary/sum-pt',
        element: (
          <>
            <SummaryActions summary={SUMMARY} premium={premium} />
            <Toaster />
          </>
        ),
      },
      { path: '/summary/:id', element: <OpenedSummary /> },
    ],
    { initialEntries: ['/summary/sum-pt'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

/** Opens the Read in menu from the keyboard; its items' names. */
async function openMenu(): Promise<string[]> {
  screen.getByRole('button', { name: /Read in another language/ }).focus();
  await user.keyboard('{Enter}');
  const menu = screen.getByRole('menu', { name: /Read in another language/ });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

const translationRequests = () => api.requests.filter(({ route }) => route.endsWith('/translations'));

describe('Read in another language', () => {
  it('offers the two other languages, and shows a Free reader the Premium dialog without asking the server', async () => {
    renderActions(false);
    expect(await openMenu()).toEqual(['English', 'Español']);
    await user.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Instant translation is a Premium feature' });
    expect(within(dialog).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/plans');
    expect(translationRequests()).toEqual([]);
  });

  it('translates for a Premium reader with progress, then opens the translated summary', async () => {
    answer = () =>
      eventStream(
        { type: 'progress', step: 'resolve', percent: 25 },
        { type: 'progress', step: 'summarize', percent: 50 },
        { type: 'section', key: 'oneLiner', value: 'Una historia.' },
        { type: 'progress', step: 'polish', percent: 75 },
        { type: 'done', step: 'done', percent: 100, summaryId: 'sum-es', cached: false },
      );
    renderActions(true);
    await openMenu();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Translating the summary' })).toBeTruthy();
    expect(await screen.findByText('opened sum-es')).toBeTruthy();
    const [request] = translationRequests();
    expect(request?.path).toBe('/api/summaries/sum-pt/translations');
    expect(request?.body).toEqual({ language: 'es' });
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
  });

  it('tells a failure in a toast, with the server’s message, and stays on the summary', async () => {
    answer = () =>
      eventStream(
        { type: 'progress', step: 'summarize', percent: 50 },
        {
          type: 'error',
          step: 'error',
          percent: 0,
          code: 'TRANSLATION_FAILED',
          message: 'This summary could not be translated. Please try again.',
        },
      );
    renderActions(true);
    await openMenu();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Could not translate the summary.')).toBeTruthy();
    expect(screen.getByText('This summary could not be translated. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(translationRequests()[0]?.body).toEqual({ language: 'en' });
  });

  it('shows the Premium dialog when the server says the plan changed', async () => {
    answer = () => apiError(403, 'PREMIUM_REQUIRED', 'This feature is available on Premium only.');
    renderActions(true);
    await openMenu();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Instant translation is a Premium feature' }),
    ).toBeTruthy();
  });
});
