import type { AddXpResult, ReaderProgress, XpEventType } from '@summa/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { HeaderProgress } from '../../components/gamification/header-progress';
import { XpFeedbackHost } from '../../components/gamification/xp-feedback-host';
import { apiError, fakeApi, json, noContent, type FakeApi } from '../../test/fake-api';
import { testAward, testMe, XP_SUBJECT_ID } from '../../test/me-fixture';
import { testSession } from '../../test/session-fixture';
import { authClient } from '../auth/auth-client';
import { AuthProvider } from '../auth/auth-provider';
import { setLanguage } from '../i18n';
import { ReaderProgressProvider } from './progress-provider';
import { useAwardXp } from './use-award-xp';
import { renderWithQueries } from '../../test/query-client';

// The celebration's confetti needs a canvas jsdom does not have.
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { reset: vi.fn() }) }));

const SESSION = testSession();
/** A Beginner with 95 XP: one award of 10 keeps the level, the level-up case brings its own. */
const readerMe = (progress: Partial<ReaderProgress> = {}) =>
  testMe({ progress: { xp: 95, level: 1, ...progress } });
const readerAward = (xpAwarded: number, overrides: Partial<AddXpResult> = {}) =>
  testAward(xpAwarded, overrides, readerMe());
let api: FakeApi;

/** Settles once the last award has finished (answered and announced, or given up). */
let awarded: Promise<void>;

function AwardButton({ eventType }: { eventType: XpEventType }) {
  const award = useAwardXp();
  return (
    <button
      type="button"
      data-testid="award"
      onClick={() => {
        awarded = award(eventType, XP_SUBJECT_ID);
      }}
    />
  );
}

function renderApp(eventType: XpEventType = 'read_summary') {
  awarded = Promise.resolve();
  // The header's daily goal links to /review: it needs a router.
  renderWithQueries(
    <MemoryRouter>
      <AuthProvider>
        <ReaderProgressProvider>
          <HeaderProgress />
          <AwardButton eventType={eventType} />
          <XpFeedbackHost />
        </ReaderProgressProvider>
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const xpPosts = () => api.to('/api/xp').map((request) => request.body);
const headerXp = () => screen.getByTestId('header-progress').textContent;

async function signIn() {
  await authClient.signInWithPassword({ email: SESSION.user.email, password: 'secret1' });
}

beforeEach(() => {
  api = fakeApi({
    'POST /api/auth/login': () => json(SESSION),
    'POST /api/auth/logout': noContent,
    'GET /api/me': () => json(readerMe()),
  });
  setLanguage('en');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

afterEach(async () => {
  toast.dismiss();
  await authClient.signOut();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useAwardXp for a signed-in reader', () => {
  it("reports the event, shows '+N XP' with the event's message and moves the header's XP", async () => {
    api.on({ 'POST /api/xp': () => json(readerAward(10)) });
    await signIn();
    renderApp();
    await waitFor(() => expect(headerXp()).toContain('95 XP'));
    await userEvent.click(screen.getByTestId('award'));

    await screen.findByText('+10 XP');
    expect(screen.getByText('Summary read! Keep it up.')).toBeTruthy();
    expect(xpPosts()).toEqual([{ eventType: 'read_summary', subjectId: XP_SUBJECT_ID }]);
    await waitFor(() => expect(headerXp()).toContain('105 XP'));
    expect(screen.queryByText('Level Up!')).toBeNull();
    expect(screen.queryByTestId('level-up-notification')).toBeNull();
  });

  it("announces a level-up: the 'Level Up!' toast with the level's name and the notification with its reward", async () => {
    api.on({
      'POST /api/xp': () =>
        json(
          readerAward(15, {
            leveled_up: true,
            new_level: 2,
            levelUpBonus: 100,
            progress: { ...readerMe().progress, xp: 210, level: 2 },
          }),
        ),
    });
    await signIn();
    renderApp('share_summary');
    await waitFor(() => expect(headerXp()).toContain('95 XP'));
    await userEvent.click(screen.getByTestId('award'));

    await screen.findByText('Level Up!');
    expect(screen.getByText('You are now a Learner.')).toBeTruthy();
    expect(screen.getByText('+15 XP')).toBeTruthy();
    expect(screen.getByText('Thanks for sharing knowledge!')).toBeTruthy();
    const notice = screen.getByTestId('level-up-notification');
    expect(notice.textContent).toContain('You reached level Learner');
    expect(notice.textContent).toContain('+100 XP reward');
    await waitFor(() => expect(screen.getByTestId('header-level').textContent).toBe('Learner'));
  });

  it('celebrates the achievements unlocked together on one card, at once', async () => {
    api.on({
      'POST /api/xp': () =>
        json(
          readerAward(5, {
            achievements: [
              { key: 'first_feedback', icon: 'message-square-heart', xp: 20 },
              { key: 'streak_3', icon: 'flame', xp: 30 },
            ],
          }),
        ),
    });
    await signIn();
    renderApp('feedback_given');
    await userEvent.click(screen.getByTestId('award'));

    const overlay = await screen.findByTestId('celebration-overlay');
    expect(overlay.textContent).toContain('2 achievements unlocked!');
    expect(overlay.textContent).toContain('First opinion');
    expect(overlay.textContent).toContain('Warming up');
    expect(screen.getByTestId('celebration-xp').textContent).toBe('+50 XP');
  });

  it('shows no toast when the event had already been awarded (0 XP), yet takes the progress', async () => {
    const again = readerAward(0);
    again.progress.streak = { ...again.progress.streak, current: 4 };
    api.on({ 'POST /api/xp': () => json(again) });
    await signIn();
    renderApp();
    await waitFor(() => expect(headerXp()).toContain('95 XP'));
    await userEvent.click(screen.getByTestId('award'));
    await awarded;
    await screen.findByText('4-day streak');
    expect(xpPosts()).toHaveLength(1);
    expect(screen.queryByText('+0 XP')).toBeNull();
    expect(screen.queryByText('Summary read! Keep it up.')).toBeNull();
  });

  it("loads the progress again when the award is answered before the reader's progress was", async () => {
    let loads = 0;
    api.on({
      // The first load hangs (it is superseded); the next one knows about the award.
      'GET /api/me': () =>
        ++loads === 1 ? new Promise<Response>(() => undefined) : json(readerMe({ xp: 105 })),
      'POST /api/xp': () => json(readerAward(10)),
    });
    await signIn();
    renderApp();
    await userEvent.click(screen.getByTestId('award'));
    await awarded;
    await waitFor(() => expect(headerXp()).toContain('105 XP'));
    expect(loads).toBe(2);
  });

  it('shows the translated error toast when the server fails, and nothing else', async () => {
    api.on({ 'POST /api/xp': () => apiError(500, 'INTERNAL_ERROR', 'boom') });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await signIn();
    setLanguage('pt');
    renderApp();
    await waitFor(() => expect(headerXp()).toContain('95 XP'));
    await userEvent.click(screen.getByTestId('award'));

    await screen.findByText('Algo deu errado');
    expect(screen.getByText('Tente novamente em instantes.')).toBeTruthy();
    expect(headerXp()).toContain('95 XP');
    expect(screen.queryByText('+10 XP')).toBeNull();
    expect(screen.queryByTestId('celebration-overlay')).toBeNull();
  });
});

describe('useAwardXp for a visitor', () => {
  it('sends nothing and shows nothing', async () => {
    api.on({ 'POST /api/xp': () => json(readerAward(10)) });
    renderApp();
    await userEvent.click(screen.getByTestId('award'));
    await awarded;
    expect(xpPosts()).toEqual([]);
    expect(api.to('/api/me')).toEqual([]);
    expect(screen.queryByText('+10 XP')).toBeNull();
    expect(screen.queryByTestId('header-progress')).toBeNull();
  });
});
