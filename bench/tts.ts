// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the types of an untyped package live with the server; bench/tsconfig.json does not include them
/// <reference path="../apps/server/src/providers/tts/local/espeak-ng-emscripten.d.ts" />
// Speech benchmark: `npm run bench:tts`. Prints JSON with, for a ~700-word narration in each
// language spoken by the embedded engine (eSpeak NG on its worker thread, then MP3):
// - firstPartMs: from asking for the narration to its first part's MP3 (target <= 1,000 ms);
// - allPartsMs: until every part's MP3 is made, one after another (target <= 5,000 ms);
// - realTimeFactor: processing time / audio length; mp3BytesPerMinute; words, parts, audioSeconds;
// - coldStartMs: the worker thread's start and the first tiny synthesis (paid once per process);
// - encoders: MP3 encoders compared on the same ~60 s of eSpeak PCM at 48 kbps mono
//   (ms per minute of audio and bytes per minute; the server uses wasm-media-encoders);
// - peakRssMb: the process's peak resident memory (worker included);
// - cpus and loadAverage: how busy the machine was (other work slows every figure).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Mp3Encoder } from '@breezystack/lamejs';
import createESpeak from '@echogarden/espeak-ng-emscripten';
import type { Language } from '@summa/shared';
import {
  narrationSections,
  splitNarration,
  type NarrationInput,
  type NarrationSection,
} from '../apps/server/src/features/audio/narration.js';
import { createTtsProvider } from '../apps/server/src/providers/tts/create-tts-provider.js';
import { encodeMp3, MP3_BITRATE_KBPS } from '../apps/server/src/providers/tts/mp3.js';
import { median } from './median.js';

const TARGET_WORDS = 700;
const LANGUAGES: Language[] = ['pt', 'en', 'es'];
const FIXTURES = new URL('../apps/server/src/test/fixtures/summaries/', import.meta.url);

const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as NarrationInput;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The language's non-fiction narration, continued with its fiction one, cut at ~700 words. */
function narration(language: Language): NarrationSection[] {
  const sections = [
    ...narrationSections(fixture(`${language}-nonfiction.json`)),
    ...narrationSections(fixture(`${language}-fiction.json`)).filter((section) => section.key !== 'book'),
  ];
  const kept: NarrationSection[] = [];
  let words = 0;
  for (const section of sections) {
    if (words >= TARGET_WORDS) break;
    const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    let text = '';
    for (const { segment } of segmenter.segment(section.text)) {
      if (words >= TARGET_WORDS) break;
      text += segment;
      words += wordCount(segment);
    }
    kept.push({ key: section.key, text: text.trim() });
  }
  return kept;
}

async function speakNarrations() {
  const tts = await createTtsProvider({
    provider: 'local',
    model: undefined,
    baseUrl: undefined,
    apiKey: undefined,
    voices: { pt: undefined, en: undefined, es: undefined },
    timeoutMs: 120_000,
  });
  const signal = new AbortController().signal;
  const coldStart = performance.now();
  await tts.synthesize({ text: 'Olá.', language: 'pt', signal });
  const coldStartMs = Math.round(performance.now() - coldStart);

  const languages: Record<string, unknown> = {};
  for (const language of LANGUAGES) {
    const parts = splitNarration(narration(language), language);
    const started = performance.now();
    let firstPartMs = 0;
    let audioMs = 0;
    let bytes = 0;
    for (const part of parts) {
      const result = await tts.synthesize({ text: part.text, language, signal });
      if (part.index === 0) firstPartMs = performance.now() - started;
      audioMs += result.durationMs;
      bytes += result.mp3.length;
    }
    const allPartsMs = performance.now() - started;
    languages[language] = {
      words: wordCount(parts.map((part) => part.text).join(' ')),
      parts: parts.length,
      audioSeconds: Math.round(audioMs / 100) / 10,
      firstPartMs: Math.round(firstPartMs),
      allPartsMs: Math.round(allPartsMs),
      realTimeFactor: Math.round((allPartsMs / audioMs) * 1000) / 1000,
      mp3BytesPerMinute: Math.round((bytes / audioMs) * 60_000),
    };
  }
  await tts.close();
  return { coldStartMs, languages };
}

/** ~60 s of English eSpeak PCM, made on this thread (the comparison is about the encoders). */
async function samplePcm(): Promise<{ pcm: Int16Array; sampleRate: number }> {
  const module = await createESpeak();
  const engine = new module.eSpeakNGWorker();
  engine.set_voice('en-US');
  const chunks: Int16Array[] = [];
  const text = narrationSections(fixture('en-nonfiction.json'))
    .map((section) => section.text)
    .join(' ');
  engine.synthesize(text.slice(0, 900), (chunk) => {
    if (chunk) chunks.push(chunk);
    return false;
  });
  const pcm = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    pcm.set(chunk, offset);
    offset += chunk.length;
  }
  return { pcm, sampleRate: engine.samplerate };
}

async function compareEncoders() {
  const { pcm, sampleRate } = await samplePcm();
  const minutes = pcm.length / sampleRate / 60;
  const floats = Float32Array.from(pcm, (sample) => sample / 32768);
  const candidates: Record<string, () => Promise<number>> = {
    'wasm-media-encoders': async () => (await encodeMp3(floats, sampleRate)).length,
    '@breezystack/lamejs': () => {
      const encoder = new Mp3Encoder(1, sampleRate, MP3_BITRATE_KBPS);
      let bytes = 0;
      for (let start = 0; start < pcm.length; start += 1152 * 64) {
        bytes += encoder.encodeBuffer(pcm.subarray(start, start + 1152 * 64)).length;
      }
      return Promise.resolve(bytes + encoder.flush().length);
    },
  };
  const results: Record<string, unknown> = {};
  for (const [name, encode] of Object.entries(candidates)) {
    await encode(); // warm-up: compile the WebAssembly, let the JIT settle
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      bytes = await encode();
      times.push(performance.now() - started);
    }
    results[name] = {
      msPerMinuteOfAudio: Math.round(median(times) / minutes),
      bytesPerMinute: Math.round(bytes / minutes),
    };
  }
  return { audioSeconds: Math.round(minutes * 600) / 10, bitrateKbps: MP3_BITRATE_KBPS, results };
}

async function main() {
  const speech = await speakNarrations();
  const encoders = await compareEncoders();
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  // Other work on the machine slows every figure: the load average puts them in context.
  const loadAverage = os.loadavg().map((load) => Math.round(load * 10) / 10);
  const cpus = os.cpus().length;
  console.log(
    JSON.stringify(
      { engine: 'espeak-ng (local)', cpus, loadAverage, ...speech, encoders, peakRssMb },
      null,
      2,
    ),
  );
}

await main();
