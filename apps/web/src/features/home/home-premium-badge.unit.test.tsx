import type { PlanType, Usage } from '@summa/shared';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeApi, json, type FakeApi } from '../../test/fake-api';
import { testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { HomePage } from './home-page';
import { renderSignedIn } from '../../test/render-app';

const FREE_USAGE: Usage = {
  plan: 'free',
  monthKey: '2026-11',
  summariesUsed: 2,
  summariesLimit: 10,
  audiosUsed: 0,
  audiosLimit: 10,
};

let api: FakeApi;

function renderHome(profilePlan: PlanType) {
  api = fakeApi({
    'GET /api/me': () => json(testMe({ profile: { plan: profilePlan } })),
    'GET /api/me/usage': () => json(FREE_USAGE),
  });
  const session = testSession();
  const router = createMemoryRouter([{ path: '/home', Component: HomePage }], { initialEntries: ['/home'] });
  renderSignedIn(session, <RouterProvider router={router} />);
}

const heroBadge = () => screen.queryByText('Premium', { selector: 'header p span' });

beforeEach(() => {
  setLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the home Premium badge', () => {
  it("follows the reader's profile once it loads (just upgraded, usage not yet)", async () => {
    renderHome('premium');
    await waitFor(() => expect(heroBadge()).not.toBeNull());
    expect(api.to('/api/me')).toHaveLength(1);
  });

  it('stays away for a Free reader', async () => {
    renderHome('free');
    await screen.findByTestId('usage-line');
    await waitFor(() => expect(api.to('/api/me')).toHaveLength(1));
    expect(heroBadge()).toBeNull();
  });
});
