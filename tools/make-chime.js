// Writes the celebration overlay's chime (apps/web/public/sounds/celebration.wav): a rising C–E–G
// arpeggio of decaying sine tones, synthesised here so that no sound is downloaded from anywhere.
// Run `node tools/make-chime.js` after changing it; the WAV is committed (about 35 KB).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SAMPLE_RATE = 22_050;
export const DURATION_S = 0.8;

/** Each note: its frequency (Hz), when it starts (s) and its loudness (0–1). */
const NOTES = [
  { frequency: 1046.5, start: 0, gain: 0.5 },
  { frequency: 1318.51, start: 0.11, gain: 0.45 },
  { frequency: 1567.98, start: 0.22, gain: 0.45 },
];
/** Seconds for a note to fall to 1/e of its loudness. */
const DECAY_S = 0.16;
/** A few milliseconds of attack and release avoid clicks. */
const ATTACK_S = 0.004;
const RELEASE_S = 0.05;

/** The chime as samples between -1 and 1. */
export function chimeSamples() {
  const length = Math.round(SAMPLE_RATE * DURATION_S);
  const samples = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    const time = index / SAMPLE_RATE;
    let value = 0;
    for (const note of NOTES) {
      const local = time - note.start;
      if (local < 0) continue;
      const envelope = Math.min(1, local / ATTACK_S) * Math.exp(-local / DECAY_S);
      const phase = 2 * Math.PI * note.frequency * local;
      // A quiet octave above gives the bell-like shimmer.
      value += note.gain * envelope * (Math.sin(phase) + 0.25 * Math.sin(2 * phase));
    }
    const release = Math.min(1, (DURATION_S - time) / RELEASE_S);
    samples[index] = Math.max(-1, Math.min(1, value * 0.7 * release));
  }
  return samples;
}

/** A mono 16-bit PCM WAV file holding `samples`. */
export function encodeWav(samples, sampleRate = SAMPLE_RATE) {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  samples.forEach((sample, index) => buffer.writeInt16LE(Math.round(sample * 32_767), 44 + index * 2));
  return buffer;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const target = path.join(root, 'apps/web/public/sounds/celebration.wav');
  mkdirSync(path.dirname(target), { recursive: true });
  const wav = encodeWav(chimeSamples());
  writeFileSync(target, wav);
  process.stdout.write(`wrote ${path.relative(root, target)} (${wav.length} bytes)\n`);
}
