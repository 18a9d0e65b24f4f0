import type { MeResponse } from '@summa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { testMe } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { ProfilePage } from './profile-page';
import { renderSignedIn } from '../../test/render-app';

let respond: () => MeResponse | number;

beforeEach(() => {
  fakeApi({
    'GET /api/me': () => {
      const body = respond();
      return typeof body === 'number' ? apiError(body, 'INTERNAL_ERROR') : json(body);
    },
  });
  setLanguage('en');
  respond = () => testMe();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderProfile() {
  const session = testSession();
  const router = createMemoryRouter(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/settings', Component: () => null },
      { path: '/achievements', Component: () => null },
    ],
    { initialEntries: ['/profile'] },
  );
  renderSignedIn(session, <RouterProvider router={router} />);
  return router;
}

const stat = (label: string) =>
  screen.getAllByTestId('profile-stat').find((element) => element.querySelector('dt')?.textContent === label);

describe('profile page', () => {
  it('shows a skeleton, then the counts, the streak with its freezes, and the achievements link', async () => {
    renderProfile();
    expect(screen.getByTestId('profile-skeleton')).not.toBeNull();
    await screen.findByText('Your reading');
    expect(screen.queryByTestId('profile-skeleton')).toBeNull();

    expect(stat('Books read')?.textContent).toContain('4');
    expect(stat('Summaries generated')?.textContent).toContain('6');
    expect(stat('Current streak')?.textContent).toContain('3 days');
    expect(stat('Current streak')?.textContent).toContain('Today already counts.');
    expect(stat('Longest streak')?.textContent).toContain('9 days');
    const freezes = stat('Streak freezes');
    expect(freezes?.textContent).toContain('1 of 2');
    expect(freezes?.textContent).toContain('one freeze for every 7 days of streak and can hold up to 2');
    expect(freezes?.textContent).toContain('spent automatically');
    const achievements = stat('Achievements unlocked');
    expect(achievements?.textContent).toContain('2');
    expect(within(achievements!).getByRole('link', { name: 'See achievements' }).getAttribute('href')).toBe(
      '/achievements',
    );
  });

  it('shows the level with its tier, XP and the bar to the next threshold', async () => {
    renderProfile();
    const level = await screen.findByRole('region', { name: 'Level' });
    expect(within(level).getByTestId('profile-level-name').textContent).toBe('Learner');
    expect(level.textContent).toContain('250 XP');
    const bar = within(level).getByRole('progressbar', { name: 'Progress to the next level' });
    // 250 XP in Learner (100–499): 150 of 400.
    expect(bar.getAttribute('aria-valuenow')).toBe('38');
    expect(within(level).getByTestId('profile-level-next').textContent).toBe('250 XP to Thinker');
  });

  it("says 'Max level' at the top tier", async () => {
    respond = () => testMe({ progress: { xp: 7200, level: 5 } });
    renderProfile();
    const level = await screen.findByRole('region', { name: 'Level' });
    expect(within(level).getByTestId('profile-level-name').textContent).toBe('Enlightened');
    expect(within(level).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(level).getByTestId('profile-level-next').textContent).toBe('Max level');
  });

  it('shows the nickname as text, the Premium badge and the way to settings', async () => {
    respond = () =>
      testMe({
        profile: {
          nickname: '<b>Ana</b>',
          plan: 'premium',
          avatarUrl: '/avatars/fox.svg',
          avatarPreset: 'fox',
        },
      });
    const router = renderProfile();
    const nickname = await screen.findByTestId('profile-nickname');
    expect(nickname.textContent).toBe('<b>Ana</b>');
    expect(nickname.children).toHaveLength(0);
    expect(screen.getByText('Premium')).not.toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/avatars/fox.svg');
    await userEvent.click(screen.getByRole('link', { name: 'Edit profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('without a nickname or Premium: says so, with a placeholder avatar', async () => {
    renderProfile();
    await screen.findByText('No nickname');
    expect(screen.getByText(/anonymous reader until you choose a nickname/)).not.toBeNull();
    expect(screen.queryByText('Premium')).toBeNull();
    expect(screen.getByTestId('avatar-placeholder')).not.toBeNull();
  });

  it('shows an error with a retry that loads the profile again', async () => {
    respond = () => 500;
    renderProfile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your profile');
    respond = () => testMe();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Your reading');
  });
});
