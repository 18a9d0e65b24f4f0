/**
 * A scriptable stand-in for Google's Gemini API (or a gateway in front of it), for integration tests.
 * Plain node:http and node built-ins only, like the other fakes.
 *
 * Wire format: `POST {basePath}/v1beta/models/{model}:streamGenerateContent?alt=sse` answers the SSE
 * stream the AI SDK's google provider parses: `data:` chunks of a GenerateContentResponse, each with
 * `candidates[0].content.parts[0].text` and `usageMetadata`, the last one with `finishReason: 'STOP'`.
 * Errors are Google's `{ error: { code, message, status } }`, also inside the stream. Anything
 * else (`:generateContent`, a stream without `alt=sse`) is refused with a 400: the provider under
 * test always streams with `alt=sse`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  emitPieces,
  estimateTokens,
  messageText,
  objectAt,
  openEventStream,
  pathOf,
  readJsonObject,
  SAMPLE_BODY,
  sendError,
  sendJson,
  startScriptedServer,
  textOf,
  write,
  type Exchange,
  type FakeModelRequest,
  type FakeStreamBehaviour,
  type Responder,
  type ScriptedServer,
} from './fake-server-kit.js';

export interface FakeGeminiRequest extends FakeModelRequest {
  /** The method after the model in the path: `streamGenerateContent` or `generateContent`. */
  method: string;
  /** `generationConfig` as sent (maxOutputTokens, temperature, responseMimeType, responseSchema ...). */
  generationConfig: Record<string, unknown>;
}

export type FakeGeminiResponder = Responder<FakeStreamBehaviour, FakeGeminiRequest>;

export interface FakeGeminiServerOptions {
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** A path in front of `/v1beta`, as a gateway has (`/google`); defaults to none. */
  basePath?: string;
  /** Used when the queue is empty; defaults to a 500 saying that nothing was scripted. */
  responder?: FakeGeminiResponder;
  /** Characters per chunk when a behaviour does not say; defaults to 16. */
  chunkSize?: number;
}

export interface FakeGeminiServer extends Omit<
  ScriptedServer<FakeStreamBehaviour, FakeGeminiRequest>,
  'origin'
> {
  /** Where the API lives, ending with `/v1beta` (pass it as the provider's base URL). */
  readonly baseUrl: string;
}

const nothingScripted: FakeGeminiResponder = () => ({
  kind: 'status',
  status: 500,
  body: errorBody(
    500,
    'fake-gemini-server: nothing was scripted for this request (enqueue a behaviour or call respondWith)',
  ),
});

const ROUTE = /^\/v1beta\/models\/([^/:]+):(\w+)$/;

export async function startFakeGeminiServer(
  options: FakeGeminiServerOptions = {},
): Promise<FakeGeminiServer> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const defaultChunkSize = Math.max(1, options.chunkSize ?? 16);
  let sequence = 0;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange<FakeStreamBehaviour, FakeGeminiRequest>,
  ): Promise<void> {
    const path = pathOf(req);
    const route = path.startsWith(basePath) ? ROUTE.exec(path.slice(basePath.length)) : null;
    if (req.method !== 'POST' || !route) {
      sendJson(res, 404, errorBody(404, `Unknown route ${req.method ?? ''} ${path}`));
      return;
    }
    exchange.watchForAbort(res);

    const body = await readJsonObject(req);
    if (!body) {
      sendJson(res, 400, errorBody(400, 'Invalid JSON payload received.'));
      return;
    }
    const request = recordOf(req, body, route[1] ?? '', route[2] ?? '');
    const behaviour = await exchange.next(request);
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'status') {
      sendError(
        res,
        behaviour.status,
        behaviour.body ??
          errorBody(behaviour.status, `fake-gemini-server: scripted HTTP ${behaviour.status}`),
      );
      return;
    }
    if (!request.stream) {
      sendJson(res, 400, errorBody(400, 'fake-gemini-server only streams, with alt=sse'));
      return;
    }

    const responseId = `fake-response-${++sequence}`;
    const promptTokenCount = estimateTokens(request.system) + estimateTokens(request.user);
    let written = '';
    const chunk = (data: object) => write(res, `data: ${JSON.stringify(data)}\r\n\r\n`);
    const textChunk = (piece: string, last: boolean) => {
      written += piece;
      const candidatesTokenCount = estimateTokens(written);
      return chunk({
        candidates: [
          {
            content: { parts: [{ text: piece }], role: 'model' },
            index: 0,
            ...(last ? { finishReason: 'STOP' } : {}),
          },
        ],
        usageMetadata: {
          promptTokenCount,
          candidatesTokenCount,
          totalTokenCount: promptTokenCount + candidatesTokenCount,
        },
        modelVersion: request.model,
        responseId,
      });
    };

    openEventStream(res);
    if (behaviour.kind === 'stream-error') {
      const text = Array.from(textOf(behaviour.body ?? SAMPLE_BODY))
        .slice(0, Math.max(0, behaviour.afterChars ?? 0))
        .join('');
      await emitPieces(res, text, { chunkSize: defaultChunkSize, delayMs: 0 }, exchange.closing, (piece) =>
        textChunk(piece, false),
      );
      // What Gemini sends when the model runs out of capacity after the 200 went out.
      await chunk(errorBody(503, 'The model is overloaded. Please try again later.'));
      res.end();
      return;
    }

    const text = textOf(behaviour.body);
    const streamed =
      text === ''
        ? await textChunk('', true).then(() => true)
        : await emitPieces(
            res,
            text,
            { chunkSize: behaviour.chunkSize ?? defaultChunkSize, delayMs: behaviour.delayMs ?? 0 },
            exchange.closing,
            textChunk,
          );
    if (streamed) res.end();
  }

  const { origin, ...server } = await startScriptedServer<FakeStreamBehaviour, FakeGeminiRequest>({
    name: 'fake-gemini-server',
    host: options.host,
    port: options.port,
    responder: options.responder ?? nothingScripted,
    handle,
    fail: (res, message) => sendJson(res, 500, errorBody(500, message)),
  });
  return { ...server, baseUrl: `${origin}${basePath}/v1beta` };
}

function recordOf(
  req: IncomingMessage,
  body: Record<string, unknown>,
  model: string,
  method: string,
): FakeGeminiRequest {
  const contents = Array.isArray(body.contents) ? (body.contents as unknown[]) : [];
  const user = contents
    .filter((content): content is { role: 'user'; parts: unknown } => {
      return (content as { role?: unknown } | null)?.role === 'user';
    })
    .map((content) => messageText(content.parts))
    .join('\n\n');
  const header = req.headers['x-goog-api-key'];
  const query = new URL(req.url ?? '/', 'http://fake').searchParams;
  return {
    body,
    model,
    method,
    stream: method === 'streamGenerateContent' && query.get('alt') === 'sse',
    system: messageText(objectAt(body, 'systemInstruction')?.parts),
    user,
    // Google takes the key as a header or, in older clients, as `?key=`.
    apiKey: (Array.isArray(header) ? header.join(',') : header) ?? query.get('key') ?? undefined,
    generationConfig: objectAt(body, 'generationConfig') ?? {},
  };
}

/** Google's error object; `status` is the canonical code the HTTP status stands for. */
function errorBody(code: number, message: string) {
  return { error: { code, message, status: statusFor(code) } };
}

function statusFor(code: number): string {
  switch (code) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}
