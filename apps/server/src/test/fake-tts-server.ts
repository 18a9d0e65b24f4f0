/**
 * A fake of the hosted speech APIs, for integration tests, e2e runs and benchmarks: OpenAI's
 * `POST {base}/audio/speech` (and so any OpenAI-compatible server) and ElevenLabs'
 * `POST {base}/text-to-speech/{voice_id}`. Node built-ins only, so that e2e/ and bench/ can import
 * it by relative path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startScriptedServer, type ScriptedServer } from './fake-server-kit.js';

export type FakeTtsBehaviour =
  /** 200 with these bytes as `audio/mpeg` (default: `silentMp3(1)`). */
  | { kind: 'audio'; bytes?: Buffer }
  /** An error status with a JSON body in the API's shape. */
  | { kind: 'status'; status: number }
  /** Reads the request and never answers, until the client goes away. */
  | { kind: 'hang' };

export interface FakeTtsRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type FakeTtsServer = ScriptedServer<FakeTtsBehaviour, FakeTtsRequest> & {
  /** `origin` + the base path + `/v1`: what TTS_BASE_URL should be. */
  readonly baseUrl: string;
};

// MPEG-1 Layer III, 128 kbps, 44,100 Hz, mono, no CRC: 417-byte frames of 1,152 samples.
const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0xc0]);
const FRAME_BYTES = 417;
const FRAME_SAMPLES = 1152;
const SAMPLE_RATE = 44_100;

/**
 * A valid MP3 file of silence lasting about `seconds`: frames whose side information is all zeros
 * decode to silence. Its exact duration is `silentMp3Frames(seconds) * 1152 / 44100` seconds.
 */
export function silentMp3(seconds: number): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES);
  FRAME_HEADER.copy(frame);
  return Buffer.concat(Array.from({ length: silentMp3Frames(seconds) }, () => frame));
}

export function silentMp3Frames(seconds: number): number {
  return Math.max(2, Math.round((seconds * SAMPLE_RATE) / FRAME_SAMPLES));
}

function sendStatus(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, code: status }, detail: { status: 'error', message } }));
}

export async function startFakeTtsServer(options: { basePath?: string } = {}): Promise<FakeTtsServer> {
  const prefix = `${options.basePath ?? ''}/v1`;
  const server = await startScriptedServer<FakeTtsBehaviour, FakeTtsRequest>({
    name: 'fake TTS server',
    responder: () => ({ kind: 'audio' }),
    fail: (res, message) => sendStatus(res, 500, message),
    async handle(req, res, exchange) {
      const url = new URL(req.url ?? '/', 'http://fake');
      const known =
        req.method === 'POST' &&
        (url.pathname === `${prefix}/audio/speech` || url.pathname.startsWith(`${prefix}/text-to-speech/`));
      if (!known) {
        sendStatus(res, 404, `no route ${req.method ?? ''} ${url.pathname}`);
        return;
      }
      const text = await readBody(req);
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const behaviour = await exchange.next({
        path: `${url.pathname}${url.search}`,
        headers: req.headers,
        body,
      });
      exchange.watchForAbort(res);
      switch (behaviour.kind) {
        case 'audio': {
          const bytes = behaviour.bytes ?? silentMp3(1);
          res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': bytes.length });
          res.end(bytes);
          return;
        }
        case 'status':
          sendStatus(res, behaviour.status, `scripted ${behaviour.status}`);
          return;
        case 'hang':
          return;
      }
    },
  });
  return Object.assign(server, { baseUrl: `${server.origin}${prefix}` });
}
