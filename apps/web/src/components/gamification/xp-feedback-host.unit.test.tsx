import type { AchievementUnlock } from '@summa/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useContext, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { XpFeedbackContext, type XpFeedbackState } from '../../lib/progress/xp-feedback-context';
import { XpFeedbackProvider } from '../../lib/progress/xp-feedback-provider';
import { XpFeedbackHost } from './xp-feedback-host';

vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { reset: vi.fn() }) }));

/** The feedback's actions, as the award flow calls them. */
let feedback: XpFeedbackState;

function Capture() {
  const state = useContext(XpFeedbackContext);
  useEffect(() => {
    if (state) feedback = state;
  });
  return null;
}

function renderHost() {
  render(
    <XpFeedbackProvider>
      <Capture />
      <XpFeedbackHost />
    </XpFeedbackProvider>,
  );
}

const notice = () => screen.queryByTestId('level-up-notification');
const overlay = () => screen.queryByTestId('celebration-overlay');
/** Queues celebrations and waits for the overlay's lazily loaded module. */
async function celebrate(achievements: AchievementUnlock[]) {
  act(() => feedback.celebrate(achievements));
  await act(() => vi.dynamicImportSettled());
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  setLanguage('en');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the level-up notification', () => {
  it('shows the level reached and the 100 XP reward for exactly 6 s, as a polite status', () => {
    renderHost();
    act(() => feedback.announceLevelUp(3));
    expect(notice()?.textContent).toContain('You reached level Thinker');
    expect(notice()?.textContent).toContain('+100 XP reward');
    expect(notice()?.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    advance(5999);
    expect(notice()).not.toBeNull();
    advance(1);
    expect(notice()).toBeNull();
  });

  it('closes from its dismiss button', () => {
    renderHost();
    act(() => feedback.announceLevelUp(2));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(notice()).toBeNull();
  });

  it('restarts its 6 s for a second level-up', () => {
    renderHost();
    act(() => feedback.announceLevelUp(2));
    advance(4000);
    act(() => feedback.announceLevelUp(3));
    advance(4000);
    expect(notice()?.textContent).toContain('Thinker');
    advance(2000);
    expect(notice()).toBeNull();
  });

  it('is in Portuguese for a Portuguese reader', () => {
    setLanguage('pt');
    renderHost();
    act(() => feedback.announceLevelUp(5));
    expect(notice()?.textContent).toContain('Você chegou ao nível Iluminado');
    expect(notice()?.textContent).toContain('+100 XP de recompensa');
  });
});

describe('the celebrations', () => {
  const FIRST: AchievementUnlock = { key: 'first_read', icon: 'book-open', xp: 20 };
  const SECOND: AchievementUnlock = { key: 'streak_3', icon: 'flame', xp: 30 };
  const THIRD: AchievementUnlock = { key: 'first_share', icon: 'share-2', xp: 15 };

  it('shows one achievement with its title, icon and XP for 5 s, then nothing', async () => {
    renderHost();
    await celebrate([FIRST]);
    expect(overlay()?.textContent).toContain('First read');
    expect(overlay()?.textContent).toContain('+20 XP');
    expect(overlay()?.querySelector('svg.lucide-book-open')).not.toBeNull();
    advance(5000);
    expect(overlay()).toBeNull();
  });

  it('celebrates achievements unlocked together on one card that lists them, for 5 s (issue 23)', async () => {
    renderHost();
    await celebrate([FIRST, SECOND]);
    expect(overlay()?.textContent).toContain('2 achievements unlocked!');
    const items = screen.getByTestId('celebration-items');
    expect([...items.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'First read+20 XP',
      'Warming up+30 XP',
    ]);
    expect(screen.getByTestId('celebration-xp').textContent).toBe('+50 XP');
    advance(5000);
    expect(overlay()).toBeNull();
  });

  it('gathers everything arriving during a celebration into the one after it', async () => {
    renderHost();
    await celebrate([FIRST]);
    await celebrate([SECOND]);
    await celebrate([THIRD]);
    expect(overlay()?.textContent).toContain('First read');
    advance(5000);
    await act(() => vi.dynamicImportSettled());
    expect(overlay()?.textContent).toContain('2 achievements unlocked!');
    expect(overlay()?.textContent).toContain('Warming up');
    expect(overlay()?.textContent).toContain('First share');
    advance(5000);
    expect(overlay()).toBeNull();
  });

  it('closes on Escape, and on a click anywhere', async () => {
    renderHost();
    await celebrate([FIRST]);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(overlay()).toBeNull();
    await celebrate([SECOND]);
    expect(overlay()?.textContent).toContain('Warming up');
    fireEvent.pointerDown(document.body);
    expect(overlay()).toBeNull();
  });

  it('closes when the reader opens a dialog or a menu, and waits for it to close to show the next', async () => {
    renderHost();
    await celebrate([FIRST]);
    expect(overlay()).not.toBeNull();
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    await act(async () => {
      document.body.append(menu);
      await Promise.resolve();
    });
    expect(overlay()).toBeNull();

    // One that arrives while the menu is open waits for it.
    await celebrate([SECOND]);
    advance(10_000);
    expect(overlay()).toBeNull();
    await act(async () => {
      menu.remove();
      await Promise.resolve();
    });
    await act(() => vi.dynamicImportSettled());
    expect(overlay()?.textContent).toContain('Warming up');
  });

  it('gives an achievement this build has no text for the generic title and a trophy', async () => {
    renderHost();
    await celebrate([{ key: 'from_the_future', icon: 'rocket', xp: 5 }]);
    expect(overlay()?.textContent).toContain('Achievement unlocked!');
    expect(overlay()?.querySelector('svg.lucide-trophy')).not.toBeNull();
  });
});
