import type { Language } from '@summa/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../../test/decode-mp3.js';
import { inspectMp3 } from '../mp3.js';
import { createEspeakProvider } from './espeak-provider.js';
import { ttsFailureOf } from '../../../test/tts-test-kit.js';

const tts = createEspeakProvider({ timeoutMs: 60_000 });
afterAll(() => tts.close());

const signal = () => new AbortController().signal;

const SENTENCES: Record<Language, string> = {
  pt: 'Pequenas mudanças, repetidas todos os dias, somam grandes resultados. Comece hoje, com calma.',
  en: 'Small changes, repeated every day, add up to large results. Start today, and go slowly.',
  es: 'Pequeños cambios, repetidos cada día, suman grandes resultados. Empieza hoy, con calma.',
};

describe('the local eSpeak NG provider', () => {
  it.each([
    ['pt', 'espeak-ng:pt-BR'],
    ['en', 'espeak-ng:en-US'],
    ['es', 'espeak-ng:es-419'],
  ] as const)(
    'speaks %s with the %s voice as MP3 of plausible length and loudness',
    async (language, voice) => {
      const text = SENTENCES[language];
      const result = await tts.synthesize({ text, language, signal: signal() });
      expect(result.voice).toBe(voice);
      const info = inspectMp3(result.mp3);
      expect(info.sampleRate).toBe(22_050);
      // The duration comes from the PCM sample count; the MP3's frames hold the same, padded to a frame.
      expect(Math.abs(info.durationMs - result.durationMs)).toBeLessThan(200);
      // ~15 characters a second is eSpeak's default speaking rate; allow a wide margin either way.
      expect(result.durationMs).toBeGreaterThan((text.length / 30) * 1000);
      expect(result.durationMs).toBeLessThan((text.length / 7) * 1000);
      const decoded = await decodeMp3(result.mp3);
      expect(decoded.rms).toBeGreaterThan(0.01);
    },
  );

  it('speaks off the calling thread: the event loop turns while it works', async () => {
    let settled = false;
    const pending = tts
      .synthesize({ text: SENTENCES.en.repeat(5), language: 'en', signal: signal() })
      .finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await pending;
  });

  it('answers concurrent calls, each with its own audio', async () => {
    const results = await Promise.all(
      (['pt', 'en', 'es', 'en'] as const).map((language, index) =>
        tts.synthesize({ text: `${SENTENCES[language]} ${'x '.repeat(index)}`, language, signal: signal() }),
      ),
    );
    expect(new Set(results.map((result) => result.mp3.toString('base64'))).size).toBe(4);
    expect(results.map((result) => result.voice)).toEqual([
      'espeak-ng:pt-BR',
      'espeak-ng:en-US',
      'espeak-ng:es-419',
      'espeak-ng:en-US',
    ]);
  });

  it('stops a synthesis the caller aborts, and the next one still works', async () => {
    const controller = new AbortController();
    const long = tts.synthesize({
      text: SENTENCES.pt.repeat(200),
      language: 'pt',
      signal: controller.signal,
    });
    const queued = tts.synthesize({ text: SENTENCES.es, language: 'es', signal: signal() });
    setImmediate(() => controller.abort());
    expect(await ttsFailureOf(long)).toBe('aborted');
    expect((await queued).durationMs).toBeGreaterThan(1000);
  });

  it('refuses an already aborted signal and empty text without starting work', async () => {
    expect(
      await ttsFailureOf(tts.synthesize({ text: 'Hi.', language: 'en', signal: AbortSignal.abort() })),
    ).toBe('aborted');
    expect(await ttsFailureOf(tts.synthesize({ text: '  ', language: 'en', signal: signal() }))).toBe(
      'bad_output',
    );
  });

  it('times out a part that takes too long, and fails once closed', async () => {
    const hasty = createEspeakProvider({ timeoutMs: 1 });
    try {
      expect(
        await ttsFailureOf(
          hasty.synthesize({ text: SENTENCES.en.repeat(50), language: 'en', signal: signal() }),
        ),
      ).toBe('timeout');
    } finally {
      await hasty.close();
    }
    expect(await ttsFailureOf(hasty.synthesize({ text: 'Hi.', language: 'en', signal: signal() }))).toBe(
      'unavailable',
    );
  });
});
