import { randomBytes } from 'node:crypto';
import type { Language } from '@summa/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  silentMp3,
  silentMp3Frames,
  startFakeTtsServer,
  type FakeTtsServer,
} from '../../test/fake-tts-server.js';
import { closedPort } from '../../test/llm-test-kit.js';
import { createTtsProvider } from './create-tts-provider.js';
import { type TtsSettings } from './tts-provider.js';
import { ttsFailureOf } from '../../test/tts-test-kit.js';

let fake: FakeTtsServer;
beforeAll(async () => {
  fake = await startFakeTtsServer({ basePath: '/gateway' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const KEY = 'sk-test-0123456789abcdefghijklmnop';
const NO_VOICES: Record<Language, string | undefined> = { pt: undefined, en: undefined, es: undefined };

function settings(provider: TtsSettings['provider'], overrides: Partial<TtsSettings> = {}): TtsSettings {
  return {
    provider,
    model: undefined,
    baseUrl: fake.baseUrl,
    apiKey: KEY,
    voices: NO_VOICES,
    timeoutMs: 5_000,
    ...overrides,
  };
}

const speak = (language: Language = 'pt', signal = new AbortController().signal) => ({
  text: 'Olá, leitor.',
  language,
  signal,
});

const HOSTED = [
  { provider: 'openai' as const, path: '/gateway/v1/audio/speech', voice: 'coral', model: 'gpt-4o-mini-tts' },
  {
    provider: 'openai-compatible' as const,
    path: '/gateway/v1/audio/speech',
    voice: 'pf_dora',
    model: 'tts-1',
  },
  {
    provider: 'elevenlabs' as const,
    path: '/gateway/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=mp3_22050_32',
    voice: '21m00Tcm4TlvDq8ikWAM',
    model: 'eleven_multilingual_v2',
  },
];

describe.each(HOSTED)('the $provider speech provider', ({ provider, path, voice, model }) => {
  it('posts the text with its default model and voice and returns the MP3 with its duration', async () => {
    const audio = silentMp3(3);
    fake.enqueue({ kind: 'audio', bytes: audio });
    const tts = await createTtsProvider(settings(provider));
    const result = await tts.synthesize(speak('pt'));

    expect(result.mp3.equals(audio)).toBe(true);
    expect(result.voice).toBe(voice);
    expect(result.durationMs).toBe(Math.round(((silentMp3Frames(3) * 1152) / 44_100) * 1000));
    const [request] = fake.requests;
    expect(request?.path).toBe(path);
    if (provider === 'elevenlabs') {
      expect(request?.headers['xi-api-key']).toBe(KEY);
      expect(request?.body).toEqual({ text: 'Olá, leitor.', model_id: model, language_code: 'pt' });
    } else {
      expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request?.body).toEqual({ model, input: 'Olá, leitor.', voice, response_format: 'mp3' });
    }
  });

  it('uses the configured model and the voice of the language', async () => {
    const tts = await createTtsProvider(
      settings(provider, { model: 'custom-model', voices: { pt: 'voz-pt', en: 'voice-en', es: 'voz-es' } }),
    );
    const result = await tts.synthesize(speak('es'));
    expect(result.voice).toBe('voz-es');
    const body = fake.requests[0]?.body;
    expect(body?.model ?? body?.model_id).toBe('custom-model');
    if (provider === 'elevenlabs') expect(fake.requests[0]?.path).toContain('/text-to-speech/voz-es?');
    else expect(body?.voice).toBe('voz-es');
  });

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('maps a %i answer to %s', async (status, failure) => {
    fake.enqueue({ kind: 'status', status });
    const tts = await createTtsProvider(settings(provider));
    expect(await ttsFailureOf(tts.synthesize(speak()))).toBe(failure);
  });

  it('times out when the server never answers', async () => {
    fake.enqueue({ kind: 'hang' });
    const tts = await createTtsProvider(settings(provider, { timeoutMs: 300 }));
    expect(await ttsFailureOf(tts.synthesize(speak()))).toBe('timeout');
  });

  it('stops when the caller aborts, and the server sees the client go', async () => {
    fake.enqueue({ kind: 'hang' });
    const tts = await createTtsProvider(settings(provider));
    const controller = new AbortController();
    const pending = tts.synthesize(speak('en', controller.signal));
    await fake.waitForRequests(1);
    controller.abort();
    expect(await ttsFailureOf(pending)).toBe('aborted');
  });

  it.each([
    ['random bytes', randomBytes(40_000)],
    ['an HTML page', Buffer.from('<html><body>Service temporarily unavailable</body></html>')],
    ['a JSON error with a 200', Buffer.from(JSON.stringify({ error: 'quota' }))],
    ['an empty body', Buffer.alloc(0)],
    [
      'one MP3 frame followed by garbage',
      Buffer.concat([silentMp3(0).subarray(0, 417), randomBytes(20_000)]),
    ],
  ])('rejects %s as bad output', async (_label, bytes) => {
    fake.enqueue({ kind: 'audio', bytes });
    const tts = await createTtsProvider(settings(provider));
    expect(await ttsFailureOf(tts.synthesize(speak()))).toBe('bad_output');
  });

  it('accepts MP3 behind an ID3v2 tag', async () => {
    const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20)]);
    fake.enqueue({ kind: 'audio', bytes: Buffer.concat([tag, silentMp3(1)]) });
    const tts = await createTtsProvider(settings(provider));
    expect((await tts.synthesize(speak())).durationMs).toBeGreaterThan(900);
  });

  it('reports an unreachable server as unavailable', async () => {
    const tts = await createTtsProvider(
      settings(provider, { baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }),
    );
    expect(await ttsFailureOf(tts.synthesize(speak()))).toBe('unavailable');
  });

  it('fails after close', async () => {
    const tts = await createTtsProvider(settings(provider));
    await tts.close();
    expect(await ttsFailureOf(tts.synthesize(speak()))).toBe('unavailable');
  });
});

describe('hosted provider configuration', () => {
  it('the factory gives the embedded engine for local, without starting it', async () => {
    const local = await createTtsProvider(settings('local'));
    expect(local.name).toBe('local');
    await local.close();
  });

  it('openai and elevenlabs need a key and do not call without one', async () => {
    for (const provider of ['openai', 'elevenlabs'] as const) {
      const tts = await createTtsProvider(settings(provider, { apiKey: undefined }));
      expect(await ttsFailureOf(tts.synthesize(speak()))).toBe('auth');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('openai-compatible needs TTS_BASE_URL but no key', async () => {
    const missing = await createTtsProvider(settings('openai-compatible', { baseUrl: undefined }));
    expect(await ttsFailureOf(missing.synthesize(speak()))).toBe('unavailable');
    const keyless = await createTtsProvider(settings('openai-compatible', { apiKey: undefined }));
    await keyless.synthesize(speak());
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });
});
