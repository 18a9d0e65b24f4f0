/**
 * The local speech engine's thread: eSpeak NG (WebAssembly) speaks, LAME (WebAssembly) encodes.
 * Both are synchronous and CPU-bound for ~1 s per minute of audio, so they live here, away from
 * the thread that answers requests. One engine instance serves every job, in order.
 */
import { parentPort } from 'node:worker_threads';
import createESpeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { encodeMp3 } from '../mp3.js';
import type { SpeakJob, WorkerMessage } from './espeak-protocol.js';

const port = parentPort;
if (!port) throw new Error('espeak-worker.ts runs as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

/** The voice loaded last: loading one reads its dictionary again, so a repeat is skipped. */
let currentVoice: string | undefined;

function speak(engine: ESpeakNGWorker, job: SpeakJob): Float32Array {
  if (job.voice !== currentVoice) {
    currentVoice = undefined;
    if (engine.set_voice(job.voice) !== 0) throw new Error(`eSpeak NG has no voice ${job.voice}`);
    currentVoice = job.voice;
  }
  const chunks: Int16Array[] = [];
  let samples = 0;
  engine.synthesize(job.text, (chunk) => {
    if (chunk && chunk.length > 0) {
      chunks.push(chunk);
      samples += chunk.length;
    }
    return false;
  });
  const pcm = new Float32Array(samples);
  let offset = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += 1) pcm[offset + i] = (chunk[i] ?? 0) / 32768;
    offset += chunk.length;
  }
  return pcm;
}

try {
  const module = await createESpeak();
  const engine = new module.eSpeakNGWorker();
  port.on('message', (job: SpeakJob) => {
    void (async () => {
      try {
        const pcm = speak(engine, job);
        const mp3 = await encodeMp3(pcm, engine.samplerate);
        const bytes = new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength);
        post({ type: 'done', id: job.id, mp3: bytes, samples: pcm.length, sampleRate: engine.samplerate });
      } catch (error) {
        post({ type: 'error', id: job.id, message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'error', id: 0, message: error instanceof Error ? error.message : String(error) });
}
