import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TtsError, type TtsProvider, type TtsRequest, type TtsResult } from '../tts-provider.js';
import { ESPEAK_VOICES, type SpeakJob, type WorkerMessage } from './espeak-protocol.js';

/**
 * The built server runs the compiled worker. From sources (tests, `npm run dev`) a small script
 * loads the TypeScript file through tsx's API: worker threads do not inherit the parent's loader.
 */
function startThread(): Worker {
  const compiled = new URL('./espeak-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled);
  const source = new URL('./espeak-worker.ts', import.meta.url).href;
  // The ESM build of tsx's API (its CommonJS build cannot load ESM workers).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(script, { eval: true });
}

interface Pending {
  job: SpeakJob;
  resolve: (result: TtsResult) => void;
  reject: (error: TtsError) => void;
  signal: AbortSignal;
  onAbort: () => void;
  timer: NodeJS.Timeout | undefined;
}

export interface EspeakOptions {
  /** How long one part may take (queueing excluded) before the engine is restarted. */
  timeoutMs: number;
}

/**
 * eSpeak NG in a worker thread, one job at a time (the engine is single-threaded and a second
 * instance would cost another ~100 MB). The worker starts on the first call. eSpeak cannot be
 * interrupted mid-sentence, so an abort or a time-out terminates the worker; the next call starts
 * a fresh one (~0.7 s).
 */
export function createEspeakProvider(options: EspeakOptions): TtsProvider {
  let worker: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let closed = false;
  let nextId = 1;
  const queue: Pending[] = [];
  let running: Pending | undefined;

  function settle(pending: Pending) {
    pending.signal.removeEventListener('abort', pending.onAbort);
    clearTimeout(pending.timer);
    if (running === pending) running = undefined;
  }

  function fail(pending: Pending, error: TtsError) {
    settle(pending);
    pending.reject(error);
  }

  /** Drops the worker (a crash, an abort, a time-out, close); the running job fails with `error`. */
  function stopWorker(error: TtsError) {
    const current = worker;
    worker = undefined;
    ready = undefined;
    if (current) void current.terminate();
    if (running) fail(running, error);
    pump();
  }

  function startWorker(): Promise<Worker> {
    const started = startThread();
    // An idle worker must not keep the process alive (tests, graceful shutdown).
    started.unref();
    worker = started;
    return new Promise((resolve, reject) => {
      started.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          resolve(started);
          return;
        }
        if (message.type === 'error' && message.id === 0) {
          reject(new TtsError('unavailable', `eSpeak NG did not start: ${message.message}`));
          return;
        }
        const pending = running;
        if (!pending || pending.job.id !== message.id) return;
        settle(pending);
        if (message.type === 'error') {
          pending.reject(new TtsError('unavailable', `eSpeak NG failed: ${message.message}`));
        } else {
          const mp3 = Buffer.from(message.mp3.buffer, message.mp3.byteOffset, message.mp3.byteLength);
          const durationMs = Math.round((message.samples / message.sampleRate) * 1000);
          if (durationMs <= 0) pending.reject(new TtsError('bad_output', 'eSpeak NG produced no audio'));
          else pending.resolve({ mp3, durationMs, voice: `espeak-ng:${pending.job.voice}` });
        }
        pump();
      });
      const onGone = (cause: unknown) => {
        if (worker !== started) return;
        const error = new TtsError('unavailable', 'the eSpeak NG worker stopped', { cause });
        reject(error);
        stopWorker(error);
      };
      started.on('error', onGone);
      started.on('exit', (code) => onGone(new Error(`exit code ${code}`)));
    });
  }

  function pump() {
    if (running || closed) return;
    const pending = queue.shift();
    if (!pending) {
      worker?.unref();
      return;
    }
    running = pending;
    ready ??= startWorker();
    const starting = ready;
    starting.then(
      (current) => {
        if (running !== pending || worker !== current) return;
        current.ref();
        pending.timer = setTimeout(
          () => stopWorker(new TtsError('timeout', `eSpeak NG took over ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
        current.postMessage(pending.job);
      },
      (error: unknown) => {
        const failure =
          error instanceof TtsError
            ? error
            : new TtsError('unavailable', 'eSpeak NG did not start', { cause: error });
        if (running === pending) fail(pending, failure);
        // A crash may already have started another worker: only forget this one.
        if (ready === starting) ready = undefined;
        pump();
      },
    );
  }

  function synthesize(request: TtsRequest): Promise<TtsResult> {
    if (closed) return Promise.reject(new TtsError('unavailable', 'the speech provider is closed'));
    if (request.signal.aborted) return Promise.reject(new TtsError('aborted', 'synthesis aborted'));
    if (request.text.trim() === '') return Promise.reject(new TtsError('bad_output', 'nothing to say'));
    return new Promise<TtsResult>((resolve, reject) => {
      const pending: Pending = {
        job: { id: nextId++, text: request.text, voice: ESPEAK_VOICES[request.language] },
        resolve,
        reject,
        signal: request.signal,
        timer: undefined,
        onAbort: () => {
          const aborted = new TtsError('aborted', 'synthesis aborted');
          if (running === pending) {
            stopWorker(aborted);
            return;
          }
          const index = queue.indexOf(pending);
          if (index >= 0) queue.splice(index, 1);
          fail(pending, aborted);
        },
      };
      request.signal.addEventListener('abort', pending.onAbort, { once: true });
      queue.push(pending);
      pump();
    });
  }

  return {
    name: 'local',
    synthesize,
    close: async () => {
      closed = true;
      const error = new TtsError('unavailable', 'the speech provider is closed');
      for (const pending of queue.splice(0)) fail(pending, error);
      const current = worker;
      worker = undefined;
      ready = undefined;
      if (running) fail(running, error);
      if (current) await current.terminate();
    },
  };
}
