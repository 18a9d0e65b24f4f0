import type { AudioEvent, AudioPart, Language } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth/auth-client';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { setLanguage } from '../../../lib/i18n';
import { ReaderProgressProvider } from '../../../lib/progress/progress-provider';
import { apiError, fakeApi, json, noContent, type FakeApi } from '../../../test/fake-api';
import { testAward, testMe } from '../../../test/me-fixture';
import { testSession } from '../../../test/session-fixture';
import { AudioPlayer } from './audio-player';
import { writePosition } from '../../../components/audio/playback-position';
import { renderWithQueries } from '../../../test/query-client';

const SUMMARY_ID = 'sum-1';
const BOOK = { title: 'Atomic Habits', author: 'James Clear' };

const part = (number: number): AudioPart => ({
  part: number,
  url: `/api/files/audio/2026/11/part-${number}.mp3?expires=1&signature=x`,
  durationMs: 60_000,
  bytes: 1000,
});

/** A server-sent event stream the test writes to as the server would. */
/** The stream's last event: the narration of `parts`, made now for a Free reader. */
const done = (language: Language, parts = [part(1)], durationMs = 60_000): AudioEvent => ({
  type: 'done',
  summaryId: SUMMARY_ID,
  language,
  parts,
  durationMs,
  voice: 'v',
  expiresAt: new Date().toISOString(),
  cached: false,
  usage: {
    plan: 'free',
    monthKey: '2026-11',
    summariesUsed: 1,
    summariesLimit: 10,
    audiosUsed: 1,
    audiosLimit: 10,
  },
});

function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    async send(event: AudioEvent) {
      await act(async () => {
        controller?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    async end() {
      await act(async () => {
        controller?.close();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

let api: FakeApi;
let played: string[];

beforeEach(() => {
  api = fakeApi({
    'GET /api/summaries/:id/audio': () => json({ audio: null }),
    // The XP tests sign in; the others play as visitors to the XP flow.
    'POST /api/auth/login': () => json(testSession()),
    'POST /api/auth/logout': noContent,
    'GET /api/me': () => json(testMe()),
    'POST /api/xp': () => json(testAward(10)),
  });
  played = [];
  // jsdom has no media playback: loading and playing are recorded, metadata is sent by the test.
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  localStorage.clear();
});

afterEach(async () => {
  toast.dismiss();
  await authClient.signOut();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPlayer(language: Language) {
  setLanguage(language);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <AudioPlayer
              summaryId={SUMMARY_ID}
              language={language}
              title={BOOK.title}
              author={BOOK.author}
              coverUrl={null}
              limited
            />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithQueries(
    <AuthProvider>
      <ReaderProgressProvider>
        <RouterProvider router={router} />
      </ReaderProgressProvider>
    </AuthProvider>,
  );
}

/** The hidden <audio> element, with its metadata loaded at `seconds` long. */
function loadMetadata(seconds: number) {
  const audio = screen.getByTestId('audio-player').querySelector('audio');
  if (!audio) throw new Error('no audio element');
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio);
  return audio;
}

describe.each(['pt', 'en', 'es'] as const)('the audio player in %s', (language) => {
  const m = translations[language].audio;
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

  it('streams parts in, plays the first, marks the current one, changes speed and shows time left', async () => {
    const user = userEvent.setup();
    const stream = eventStream();
    api.on({ 'POST /api/summaries/:id/audio': () => stream.response });
    renderPlayer(language);
    await user.click(await screen.findByRole('button', { name: m.listen }));
    expect(api.to(`/api/summaries/${SUMMARY_ID}/audio`).at(-1)?.body).toEqual({ language });

    await stream.send({ type: 'plan', totalParts: 3 });
    await screen.findByText(fill(m.preparingPart, { part: 1, total: 3 }));
    await stream.send({ type: 'part', part: part(1) });
    const parts = screen.getByRole('list');
    const buttons = within(parts).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    expect(buttons[0]?.getAttribute('aria-current')).toBe('true');
    expect((buttons[1] as HTMLButtonElement | undefined)?.disabled).toBe(true);
    const play = screen.getByRole('button', { name: m.play });
    expect((play as HTMLButtonElement | undefined)?.disabled).toBe(false);

    // Listen plays the first part as soon as it is there, without another press.
    const audio = loadMetadata(60);
    await waitFor(() => expect(played).toEqual([audio.src]));
    expect(audio.src).toContain('part-1.mp3');
    fireEvent.play(audio);
    expect(
      ((await screen.findByRole('button', { name: m.pause })) as HTMLButtonElement | undefined)?.disabled,
    ).toBe(false);

    await user.selectOptions(screen.getByLabelText(m.speed), '1.5');
    expect(audio.playbackRate).toBe(1.5);

    await stream.send({ type: 'part', part: part(2) });
    audio.currentTime = 20;
    fireEvent.timeUpdate(audio);
    // 40 s of part 1 and part 2's minute.
    expect(await screen.findByText(fill(m.timeLeft, { time: '1:40' }))).toBeTruthy();
    expect((within(parts).getAllByRole('button')[1] as HTMLButtonElement | undefined)?.disabled).toBe(false);

    await stream.send(done(language, [part(1), part(2), part(3)], 180_000));
    await stream.end();
    expect((within(parts).getAllByRole('button')[2] as HTMLButtonElement | undefined)?.disabled).toBe(false);
  });

  it('resumes a stored narration where the reader stopped', async () => {
    api.on({
      'GET /api/summaries/:id/audio': () =>
        json({
          audio: {
            summaryId: SUMMARY_ID,
            language,
            parts: [part(1), part(2)],
            durationMs: 120_000,
            voice: 'v',
            expiresAt: new Date().toISOString(),
          },
        }),
    });
    writePosition(SUMMARY_ID, language, { part: 2, seconds: 42 });
    renderPlayer(language);
    expect(await screen.findByText(m.resumed)).toBeTruthy();
    const buttons = within(screen.getByRole('list')).getAllByRole('button');
    expect(buttons[1]?.getAttribute('aria-current')).toBe('true');
    const audio = loadMetadata(60);
    expect(audio.src).toContain('part-2.mp3');
    expect(audio.currentTime).toBe(42);
  });

  it('opens the limit dialog and the limit toast when the plan has no audio left', async () => {
    const user = userEvent.setup();
    api.on({
      'POST /api/summaries/:id/audio': () => apiError(403, 'AUDIO_LIMIT_REACHED', 'limit'),
    });
    renderPlayer(language);
    await user.click(await screen.findByRole('button', { name: m.listen }));
    expect(await screen.findByText(m.limit.toast)).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(fill(m.limit.body, { limit: 10 }))).toBeTruthy();
    if (language === 'en') expect(screen.getByText("You've reached the 10 audios/month limit.")).toBeTruthy();
  });

  it.each(['AUDIO_RATE_LIMITED', 'AUDIO_BUSY'] as const)(
    'tells the reader why a narration must wait (%s), and lets them try again',
    async (code) => {
      const user = userEvent.setup();
      api.on({ 'POST /api/summaries/:id/audio': () => apiError(429, code, 'wait') });
      renderPlayer(language);
      await user.click(await screen.findByRole('button', { name: m.listen }));
      expect(await screen.findByText(translations[language].errors[code])).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('button', { name: m.error.retry })).toBeTruthy();
    },
  );

  it('tells the reader the audio could not be made, and lets them try again', async () => {
    const user = userEvent.setup();
    const stream = eventStream();
    api.on({ 'POST /api/summaries/:id/audio': () => stream.response });
    renderPlayer(language);
    await user.click(await screen.findByRole('button', { name: m.listen }));
    await stream.send({ type: 'plan', totalParts: 2 });
    await stream.send({ type: 'error', code: 'AUDIO_FAILED', message: 'x' });
    await stream.end();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.error.title);
    expect(alert.textContent).toContain(m.error.body);
    // The toast says it too.
    await waitFor(() => expect(screen.getAllByText(m.error.body)).toHaveLength(2));
    if (language === 'en') {
      expect(alert.textContent).toContain('Error generating audio');
      expect(alert.textContent).toContain('Could not generate audio. Please try again.');
    }
    expect(
      (screen.getByRole('button', { name: m.error.retry }) as HTMLButtonElement | undefined)?.disabled,
    ).toBe(false);
  });
});

describe('the audio player and XP', () => {
  const xpEvents = () => api.to('/api/xp').map(({ body }) => body);

  /** A signed-in reader presses Listen; the narration's stream is the test's to send. */
  async function listenSignedIn() {
    await authClient.signInWithPassword({ email: 'ana@example.com', password: 'secret1' });
    const user = userEvent.setup();
    const stream = eventStream();
    api.on({ 'POST /api/summaries/:id/audio': () => stream.response });
    renderPlayer('en');
    await user.click(await screen.findByRole('button', { name: 'Listen' }));
    return stream;
  }

  it('reports audio_generated once the narration the reader asked for is made', async () => {
    const stream = await listenSignedIn();
    await stream.send({ type: 'plan', totalParts: 1 });
    await stream.send({ type: 'part', part: part(1) });
    expect(xpEvents()).toEqual([]);
    await stream.send(done('en'));
    await stream.end();
    await waitFor(() =>
      expect(xpEvents()).toEqual([{ eventType: 'audio_generated', subjectId: SUMMARY_ID }]),
    );
    await screen.findByText('Audio ready! Enjoy listening.');
  });

  it('reports nothing when the narration fails', async () => {
    const stream = await listenSignedIn();
    await stream.send({ type: 'error', code: 'AUDIO_FAILED', message: 'x' });
    await stream.end();
    await screen.findByRole('alert');
    expect(xpEvents()).toEqual([]);
  });
});

describe('the listening the player reports (the daily goal)', () => {
  const stored = () =>
    json({
      audio: {
        summaryId: SUMMARY_ID,
        language: 'en',
        parts: [part(1)],
        durationMs: 60_000,
        voice: 'v',
        expiresAt: new Date().toISOString(),
      },
    });
  const reports = () => api.to(`/api/summaries/${SUMMARY_ID}/audio/listened`).map((request) => request.body);

  it('reports the seconds played when playing stops, and nothing for a blip', async () => {
    api.on({
      'GET /api/summaries/:id/audio': stored,
      'POST /api/summaries/:id/audio/listened': () => json({ counted: 20, progress: testMe().progress }),
    });
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    renderPlayer('en');
    await screen.findByRole('list');
    const audio = loadMetadata(60);
    fireEvent.play(audio);
    now += 20_000;
    fireEvent.pause(audio);
    await waitFor(() => expect(reports()).toEqual([{ seconds: 20 }]));
    fireEvent.play(audio);
    now += 300;
    fireEvent.pause(audio);
    // Give a wrongly sent report the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports()).toEqual([{ seconds: 20 }]);
  });
});
