/**
 * A scriptable stand-in for an OpenAI-compatible model server (Ollama, vLLM, llama.cpp, OpenRouter),
 * for integration tests, e2e runs and benchmarks. Plain node:http and node built-ins only, so e2e/ and
 * bench/ can import it by relative path.
 *
 * Wire format: what OpenAI's `POST /v1/chat/completions` answers, which the AI SDK's openai and
 * openai-compatible providers parse. With `stream: true` an SSE stream of `chat.completion.chunk`
 * events (a role chunk, content deltas, a chunk with `finish_reason`, usage, then `data: [DONE]`);
 * otherwise one `chat.completion` object. `GET /v1/models` lists the served model ids.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  emitPieces,
  estimateTokens,
  messageText,
  openEventStream,
  pathOf,
  readJsonObject,
  SAMPLE_BODY,
  sendError,
  sendJson,
  sleep,
  startScriptedServer,
  textOf,
  write,
  type Exchange,
  type Responder,
  type ScriptedServer,
} from './fake-server-kit.js';

export { readBody } from './fake-server-kit.js';

/** What the fake does with one chat completion request. */
export type FakeLlmBehaviour =
  /** Answers with `body` (an object is sent as its JSON text), streamed `chunkSize` characters per delta. */
  | { kind: 'json'; body: object | string; chunkSize?: number; delayMs?: number }
  /** Answers with this HTTP status; `body` defaults to an OpenAI-style `{ error: { message } }`. */
  | { kind: 'status'; status: number; body?: unknown }
  /** A well-formed answer whose content is not valid JSON. */
  | { kind: 'malformed' }
  /** Reads the request and never answers, until the client goes away. */
  | { kind: 'hang' }
  /** Starts answering (`body`, by default a sample object), then destroys the socket after `afterChars` characters of content. */
  | { kind: 'drop'; afterChars: number; body?: object | string; chunkSize?: number };

/** A chat completion request as the fake received it. */
export interface FakeLlmRequest {
  /** The parsed JSON body (model, messages, temperature, max_tokens, response_format, stream ...). */
  body: Record<string, unknown>;
  model: string | undefined;
  stream: boolean;
  /** The text of the system (and developer) messages, joined by blank lines. */
  system: string;
  /** The text of the user messages, joined by blank lines. */
  user: string;
  /** The Authorization header, if any. */
  authorization: string | undefined;
}

/** Decides what to do with a request when the queue is empty. */
export type FakeLlmResponder = Responder<FakeLlmBehaviour, FakeLlmRequest>;

export interface FakeLlmServerOptions {
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** What `GET /v1/models` lists; defaults to ['fake-model']. */
  models?: string[];
  /** Used when the queue is empty; defaults to a 500 saying that nothing was scripted. */
  responder?: FakeLlmResponder;
  /** Characters per content delta when a behaviour does not say; defaults to 16. */
  chunkSize?: number;
}

export interface FakeLlmServer extends Omit<ScriptedServer<FakeLlmBehaviour, FakeLlmRequest>, 'origin'> {
  /** Where the API lives, ending with `/v1` (pass it as the provider's base URL). */
  readonly baseUrl: string;
}

const MALFORMED_TEXT =
  'Sure! Here is the summary you asked for:\n{"oneLiner": "An answer that never closes its string, ';

const nothingScripted: FakeLlmResponder = () => ({
  kind: 'status',
  status: 500,
  body: {
    error: {
      message:
        'fake-llm-server: nothing was scripted for this request (enqueue a behaviour or call respondWith)',
      type: 'server_error',
      code: null,
    },
  },
});

export async function startFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const models = options.models ?? ['fake-model'];
  const defaultChunkSize = Math.max(1, options.chunkSize ?? 16);
  let sequence = 0;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange<FakeLlmBehaviour, FakeLlmRequest>,
  ): Promise<void> {
    const path = pathOf(req);
    if (req.method === 'GET' && path === '/v1/models') {
      const created = Math.floor(Date.now() / 1000);
      sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created, owned_by: 'fake-llm-server' })),
      });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(res, 404, {
        error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error' },
      });
      return;
    }

    // Count a client that goes away before its answer ended; a 'drop' destroys the socket on purpose.
    let dropping = false;
    exchange.watchForAbort(res, () => dropping);

    const body = await readJsonObject(req);
    if (!body) {
      sendJson(res, 400, {
        error: { message: 'The body is not a JSON object', type: 'invalid_request_error' },
      });
      return;
    }

    const request = recordOf(req, body);
    const behaviour = await exchange.next(request);
    const answer: Answer = {
      res,
      closing: exchange.closing,
      id: `chatcmpl-fake-${++sequence}`,
      created: Math.floor(Date.now() / 1000),
      model: request.model ?? models[0] ?? 'fake-model',
      stream: request.stream,
      includeUsage: usageRequested(body),
      promptTokens: estimateTokens(request.system) + estimateTokens(request.user),
    };

    switch (behaviour.kind) {
      case 'json':
        await answerText(answer, textOf(behaviour.body), {
          chunkSize: behaviour.chunkSize ?? defaultChunkSize,
          delayMs: behaviour.delayMs ?? 0,
        });
        return;
      case 'malformed':
        await answerText(answer, MALFORMED_TEXT, { chunkSize: defaultChunkSize, delayMs: 0 });
        return;
      case 'status':
        sendStatus(res, behaviour.status, behaviour.body);
        return;
      case 'hang':
        // Never answer; the 'close' listener above counts the client going away.
        return;
      case 'drop': {
        const text = textOf(behaviour.body ?? SAMPLE_BODY);
        const cut = Array.from(text).slice(0, Math.max(0, behaviour.afterChars)).join('');
        await answerText(
          answer,
          cut,
          { chunkSize: behaviour.chunkSize ?? defaultChunkSize, delayMs: 0 },
          { unfinished: true },
        );
        if (res.destroyed) return;
        // Let what was written reach the client, then cut the connection mid-answer.
        await new Promise((resolve) => setTimeout(resolve, 20));
        dropping = true;
        res.socket?.destroy();
        res.destroy();
        return;
      }
    }
  }

  interface Answer {
    res: ServerResponse;
    closing: () => boolean;
    id: string;
    created: number;
    model: string;
    stream: boolean;
    includeUsage: boolean;
    promptTokens: number;
  }

  /** Sends `text` as the assistant's content, streamed or whole. `unfinished` leaves the answer open. */
  async function answerText(
    answer: Answer,
    text: string,
    pacing: { chunkSize: number; delayMs: number },
    { unfinished = false }: { unfinished?: boolean } = {},
  ): Promise<void> {
    const { res } = answer;
    const usage = {
      prompt_tokens: answer.promptTokens,
      completion_tokens: estimateTokens(text),
      total_tokens: answer.promptTokens + estimateTokens(text),
    };

    if (!answer.stream) {
      if (unfinished) {
        // Headers and half a body, then the caller destroys the socket.
        const whole = JSON.stringify(completionOf(answer, text, usage));
        res.writeHead(200, { 'content-type': 'application/json' });
        await write(res, whole.slice(0, Math.floor(whole.length / 2)));
        return;
      }
      if (pacing.delayMs > 0) await sleep(pacing.delayMs);
      if (res.destroyed) return;
      sendJson(res, 200, completionOf(answer, text, usage));
      return;
    }

    openEventStream(res);
    const base = {
      id: answer.id,
      object: 'chat.completion.chunk',
      created: answer.created,
      model: answer.model,
    };
    const event = (chunk: object) => write(res, `data: ${JSON.stringify(chunk)}\n\n`);
    // With `stream_options.include_usage` OpenAI sends `usage: null` on every chunk and the usage last.
    const usageNull = answer.includeUsage ? { usage: null } : {};

    await event({
      ...base,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
      ...usageNull,
    });
    const streamed = await emitPieces(res, text, pacing, answer.closing, (content) =>
      event({
        ...base,
        choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }],
        ...usageNull,
      }),
    );
    if (!streamed || unfinished) return;

    if (answer.includeUsage) {
      await event({
        ...base,
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
        usage: null,
      });
      await event({ ...base, choices: [], usage });
    } else {
      // llama.cpp and vLLM style: the usage rides on the chunk that carries the finish reason.
      await event({
        ...base,
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
        usage,
      });
    }
    await write(res, 'data: [DONE]\n\n');
    res.end();
  }

  function completionOf(answer: Answer, text: string, usage: object) {
    return {
      id: answer.id,
      object: 'chat.completion',
      created: answer.created,
      model: answer.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
    };
  }

  const { origin, ...server } = await startScriptedServer<FakeLlmBehaviour, FakeLlmRequest>({
    name: 'fake-llm-server',
    host: options.host,
    port: options.port,
    responder: options.responder ?? nothingScripted,
    handle,
    fail: (res, message) => sendJson(res, 500, { error: { message, type: 'server_error' } }),
  });
  return { ...server, baseUrl: `${origin}/v1` };
}

function recordOf(req: IncomingMessage, body: Record<string, unknown>): FakeLlmRequest {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const textOfRoles = (roles: string[]) =>
    messages
      .filter((message): message is { role: string; content: unknown } => {
        const role = (message as { role?: unknown } | null)?.role;
        return typeof role === 'string' && roles.includes(role);
      })
      .map((message) => messageText(message.content))
      .join('\n\n');
  return {
    body,
    model: typeof body.model === 'string' ? body.model : undefined,
    stream: body.stream === true,
    system: textOfRoles(['system', 'developer']),
    user: textOfRoles(['user']),
    authorization: req.headers.authorization,
  };
}

function usageRequested(body: Record<string, unknown>): boolean {
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  return streamOptions?.include_usage === true;
}

function sendStatus(res: ServerResponse, status: number, body: unknown): void {
  sendError(
    res,
    status,
    body ?? {
      error: {
        message: `fake-llm-server: scripted HTTP ${status}`,
        type:
          status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error',
        code: null,
      },
    },
  );
}
