import type { Achievement } from '@summa/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { AchievementsPage } from './achievements-page';
import { renderWithQueries } from '../../test/query-client';
import { englishUser } from '../../test/english-user';

function achievement(overrides: Partial<Achievement> & Pick<Achievement, 'key'>): Achievement {
  return { icon: 'trophy', xp: 20, unlockedAt: null, current: 0, target: 1, ...overrides };
}

const FIRST = achievement({
  key: 'first_summary',
  icon: 'sparkles',
  xp: 25,
  unlockedAt: '2026-03-04T10:00:00.000Z',
  current: 1,
});
const STREAK = achievement({ key: 'streak_7', icon: 'flame', xp: 50, current: 3, target: 7 });
const BOOKS = achievement({ key: 'books_10', icon: 'no-such-icon', xp: 40, current: 1, target: 10 });

let respond: () => Achievement[] | number;
let user: UserEvent;

beforeEach(() => {
  fakeApi({
    'GET /api/achievements': () => {
      const body = respond();
      return typeof body === 'number' ? apiError(body, 'INTERNAL_ERROR') : json({ achievements: body });
    },
  });
  user = englishUser();
  respond = () => [BOOKS, FIRST, STREAK];
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function renderAchievements() {
  const router = createMemoryRouter([{ path: '/achievements', Component: AchievementsPage }], {
    initialEntries: ['/achievements'],
  });
  renderWithQueries(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

const cards = () => screen.queryAllByTestId('achievement-card');
const titles = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('achievements page', () => {
  it('shows a skeleton, then every card: unlocked with its date, locked with its progress', async () => {
    renderAchievements();
    expect(screen.getByTestId('achievements-skeleton')).not.toBeNull();
    await screen.findByText('First summary');
    expect(screen.getByText('1 of 3 achievements unlocked')).not.toBeNull();
    // Unlocked first, then the locked ones by how close they are.
    expect(titles()).toEqual(['First summary', 'A whole week', 'Ten books']);

    const [first, streak, books] = cards();
    expect(first!.textContent).toContain('Generate your first summary.');
    expect(first!.textContent).toContain('+25 XP');
    expect(first!.textContent).toContain('Unlocked on Mar 4, 2026');
    expect(within(first!).queryByRole('progressbar')).toBeNull();

    const bar = within(streak!).getByRole('progressbar', { name: 'Progress: 3 of 7' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('7');
    expect(streak!.textContent).toContain('3/7');
    expect(streak!.textContent).toContain('+50 XP');
    // An icon name the map does not know still shows an icon (the trophy).
    expect(books!.querySelector('svg')).not.toBeNull();
  });

  it('writes the unlock date in the interface language', async () => {
    setLanguage('pt');
    renderAchievements();
    await screen.findByText('Primeiro resumo');
    expect(cards()[0]!.textContent).toContain('Desbloqueada em 4 de mar. de 2026');
  });

  it('filters all / unlocked / locked with counts, by mouse and keyboard', async () => {
    renderAchievements();
    await screen.findByText('First summary');
    const tabs = within(screen.getByRole('tablist', { name: 'Show' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All 3', 'Unlocked 1', 'Locked 2']);

    await user.click(screen.getByRole('tab', { name: /Unlocked/ }));
    expect(titles()).toEqual(['First summary']);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Locked/ }).getAttribute('aria-selected')).toBe('true');
    expect(titles()).toEqual(['A whole week', 'Ten books']);

    await user.keyboard('{Home}');
    expect(titles()).toHaveLength(3);
  });

  it('says so when a filter has nothing to show', async () => {
    respond = () => [STREAK];
    renderAchievements();
    await screen.findByText('A whole week');
    await user.click(screen.getByRole('tab', { name: /Unlocked/ }));
    expect(cards()).toHaveLength(0);
    expect(
      screen.getByText('You have not unlocked any achievement yet. Read a summary to start!'),
    ).not.toBeNull();
  });

  it('shows an error with a retry', async () => {
    respond = () => 503;
    renderAchievements();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the achievements');
    respond = () => [FIRST];
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('First summary');
  });

  it('shares how many achievements are unlocked', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    renderAchievements();
    await screen.findByText('First summary');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Achievements shared!');
    expect(share).toHaveBeenCalledWith({
      title: 'My achievements on Summa',
      text: 'I have unlocked 1 of 3 achievements on Summa!',
      url: `${window.location.origin}/achievements`,
    });
  });
});
