import type { Book, Person, ReadingListResponse } from '@summa/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, noContent, type FakeApi } from '../../test/fake-api';
import { englishUser } from '../../test/english-user';
import { renderWithQueries } from '../../test/query-client';
import { testBook } from '../../test/book-fixture';
import { PeopleShelfPage } from './people-shelf';

/** A shelf's book: one without a summary unless it says so. */
function book(overrides: Partial<Book> & Pick<Book, 'id' | 'title'>): Book {
  return testBook({ summary_id: null, ...overrides });
}

const MOREL = book({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'The Invention of Morel',
  summary_id: 'sum-1',
});
const PERSON: Person = {
  slug: 'jorge-luis-borges',
  name: 'Jorge Luis Borges',
  initials: 'JB',
  field: 'writer',
  country: 'AR',
  pickCount: 1,
  bio: 'Argentine writer.',
  picks: [
    {
      book: MOREL,
      source: { kind: 'foreword', title: 'La invención de Morel (prólogo)', date: '1940-11-02', url: null },
    },
  ],
};

let api: FakeApi;
let saved: ReadingListResponse;

beforeEach(() => {
  saved = { items: [] };
  api = fakeApi({
    'GET /api/people/:slug': ({ params }) =>
      params.slug === PERSON.slug ? json({ person: PERSON }) : apiError(404, 'NOT_FOUND'),
    'GET /api/me/reading-list': () => json(saved),
    'PUT /api/me/reading-list/:bookId': () => {
      saved = { items: [{ book: MOREL, savedAt: '2026-11-26T10:00:00.000Z' }] };
      return noContent();
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderShelf(slug: string) {
  const router = createMemoryRouter(
    [
      { path: '/people/:slug', Component: PeopleShelfPage },
      { path: '/summary/:id', Component: () => null },
    ],
    { initialEntries: [`/people/${slug}`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

describe('a person’s shelf', () => {
  it('shows the bio and each pick with its source, saves it, and opens its summary', async () => {
    const user = englishUser();
    const router = renderShelf(PERSON.slug);
    await screen.findByRole('heading', { level: 1, name: 'Jorge Luis Borges' });
    expect(screen.getByText('Argentine writer.')).not.toBeNull();
    const pick = screen.getByTestId('pick-card');
    expect(pick.textContent).toContain('Foreword or cover endorsement');
    expect(pick.textContent).toContain('La invención de Morel (prólogo)');
    expect(pick.textContent).toContain('November 2, 1940');

    await user.click(within(pick).getByRole('button', { name: 'Save to reading list' }));
    const savedButton = await within(pick).findByRole('button', { name: 'On your reading list' });
    expect(savedButton.getAttribute('aria-pressed')).toBe('true');
    expect(api.requests.some((request) => request.route === `PUT /api/me/reading-list/${MOREL.id}`)).toBe(
      true,
    );

    await user.click(within(pick).getByRole('link', { name: 'Read the summary' }));
    expect(router.state.location.pathname).toBe('/summary/sum-1');
  });

  it('says so when there is no such person', async () => {
    renderShelf('nobody');
    await screen.findByText('Person not found');
    expect(screen.getByRole('link', { name: 'All people' })).not.toBeNull();
  });
});
