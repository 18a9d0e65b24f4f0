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
  estimateTokens,
  messageText,
  objectAt,
  startStreamingModelServer,
  write,
  type FakeModelRequest,
  type FakeStreamBehaviour,
  type ModelAnswerStream,
  type Responder,
  type StreamingModelServer,
  type StreamingModelServerOptions,
} from './fake-server-kit.js';

export interface FakeGeminiRequest extends FakeModelRequest {
  /** The method after the model in the path: `streamGenerateContent` or `generateContent`. */
  method: string;
  /** `generationConfig` as sent (maxOutputTokens, temperature, responseMimeType, responseSchema ...). */
  generationConfig: Record<string, unknown>;
}

export type FakeGeminiResponder = Responder<FakeStreamBehaviour, FakeGeminiRequest>;

/** `basePath` goes in front of `/v1beta`, as a gateway has (`/google`). */
export type FakeGeminiServerOptions = StreamingModelServerOptions<FakeGeminiRequest>;

/** `baseUrl` ends with `/v1beta`. */
export type FakeGeminiServer = StreamingModelServer<FakeGeminiRequest>;

const ROUTE = /^\/v1beta\/models\/([^/:]+):(\w+)$/;

export function startFakeGeminiServer(options: FakeGeminiServerOptions = {}): Promise<FakeGeminiServer> {
  return startStreamingModelServer<FakeGeminiRequest, RegExpExecArray>(
    {
      name: 'fake-gemini-server',
      apiPath: '/v1beta',
      route: (path) => ROUTE.exec(path) ?? undefined,
      recordOf: (req, body, route) => recordOf(req, body, route[1] ?? '', route[2] ?? ''),
      errorBody,
      notJson: 'Invalid JSON payload received.',
      notStreaming: 'fake-gemini-server only streams, with alt=sse',
      answer: (res, request, sequence) => answerStream(res, request, `fake-response-${sequence}`),
    },
    options,
  );
}

/** One streamed answer: `data:` chunks of a GenerateContentResponse, the last one with finishReason. */
function answerStream(
  res: ServerResponse,
  request: FakeGeminiRequest,
  responseId: string,
): ModelAnswerStream {
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
  return {
    start: async () => {},
    delta: textChunk,
    // An empty answer still ends with a chunk that carries the finish reason.
    finish: async (text) => {
      if (text === '') await textChunk('', true);
    },
    // What Gemini sends when the model runs out of capacity after the 200 went out.
    overloaded: () => chunk(errorBody(503, 'The model is overloaded. Please try again later.')),
  };
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
