/**
 * A scriptable stand-in for Anthropic's Messages API (or a gateway in front of it), for integration
 * tests. Plain node:http and node built-ins only, like the other fakes.
 *
 * Wire format: `POST {basePath}/v1/messages` with `stream: true` answers the SSE events the AI SDK's
 * anthropic provider parses: message_start, content_block_start, ping, content_block_delta...,
 * content_block_stop, message_delta (stop reason, usage), message_stop. How the answer is streamed
 * follows how the request asked for JSON, as the real API does:
 * - `output_config.format` (native structured output, which the SDK uses for the models that have
 *   it): a `text` block of `text_delta`s;
 * - a forced tool named `json` (the SDK's fallback for older or unknown models): a `tool_use` block
 *   of `input_json_delta`s, ending with stop reason `tool_use`.
 * Non-streaming requests are refused with a 400: the provider under test always streams.
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

export interface FakeAnthropicRequest extends FakeModelRequest {
  /** The `anthropic-version` header. */
  version: string | undefined;
  /** The `anthropic-beta` header. */
  beta: string | undefined;
  /** How the request asked for JSON: native structured output, the forced `json` tool, or not at all. */
  jsonVia: 'output-format' | 'tool' | 'none';
  /** The schema it sent for that (`output_config.format.schema`, or the `json` tool's `input_schema`). */
  jsonSchema: Record<string, unknown> | undefined;
}

export type FakeAnthropicResponder = Responder<FakeStreamBehaviour, FakeAnthropicRequest>;

/** `basePath` goes in front of `/v1`, as a gateway has (`/anthropic`). */
export type FakeAnthropicServerOptions = StreamingModelServerOptions<FakeAnthropicRequest>;

/** `baseUrl` ends with `/v1`. */
export type FakeAnthropicServer = StreamingModelServer<FakeAnthropicRequest>;

export function startFakeAnthropicServer(
  options: FakeAnthropicServerOptions = {},
): Promise<FakeAnthropicServer> {
  return startStreamingModelServer<FakeAnthropicRequest, true>(
    {
      name: 'fake-anthropic-server',
      apiPath: '/v1',
      route: (path) => (path === '/v1/messages' ? true : undefined),
      recordOf,
      errorBody: (status, message) => errorBody(errorTypeFor(status), message),
      notJson: 'The body is not a JSON object',
      notStreaming: 'fake-anthropic-server only streams',
      answer: (res, request, sequence) => new AnswerStream(res, request, `msg_fake_${sequence}`),
    },
    options,
  );
}

/** One streamed message: a single content block, text or the `json` tool's input. */
class AnswerStream implements ModelAnswerStream {
  private readonly viaTool: boolean;

  constructor(
    private readonly res: ServerResponse,
    private readonly request: FakeAnthropicRequest,
    private readonly id: string,
  ) {
    this.viaTool = request.jsonVia === 'tool';
  }

  event(type: string, data: object): Promise<void> {
    return write(this.res, `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  }

  async start(): Promise<void> {
    await this.event('message_start', {
      message: {
        id: this.id,
        type: 'message',
        role: 'assistant',
        content: [],
        model: this.request.model ?? 'claude-fake',
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: estimateTokens(this.request.system) + estimateTokens(this.request.user),
          output_tokens: 1,
        },
      },
    });
    await this.event('content_block_start', {
      index: 0,
      content_block: this.viaTool
        ? { type: 'tool_use', id: `toolu_fake_${this.id}`, name: 'json', input: {} }
        : { type: 'text', text: '' },
    });
    await this.event('ping', {});
    // The real API opens a tool's input with an empty fragment.
    if (this.viaTool) await this.delta('');
  }

  delta(piece: string): Promise<void> {
    return this.event('content_block_delta', {
      index: 0,
      delta: this.viaTool
        ? { type: 'input_json_delta', partial_json: piece }
        : { type: 'text_delta', text: piece },
    });
  }

  async overloaded(): Promise<void> {
    // What Anthropic sends when it runs out of capacity after the 200 went out.
    await this.event('error', errorBody('overloaded_error', 'Overloaded'));
  }

  async finish(text: string): Promise<void> {
    await this.event('content_block_stop', { index: 0 });
    await this.event('message_delta', {
      delta: { stop_reason: this.viaTool ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: estimateTokens(text) },
    });
    await this.event('message_stop', {});
  }
}

function recordOf(req: IncomingMessage, body: Record<string, unknown>): FakeAnthropicRequest {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const user = messages
    .filter((message): message is { role: 'user'; content: unknown } => {
      return (message as { role?: unknown } | null)?.role === 'user';
    })
    .map((message) => messageText(message.content))
    .join('\n\n');
  const outputFormat = objectAt(body, 'output_config', 'format');
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
  const jsonTool = tools.find(
    (tool): tool is Record<string, unknown> => (tool as { name?: unknown } | null)?.name === 'json',
  );
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  return {
    body,
    model: typeof body.model === 'string' ? body.model : undefined,
    stream: body.stream === true,
    system: messageText(body.system),
    user,
    apiKey: header('x-api-key'),
    version: header('anthropic-version'),
    beta: header('anthropic-beta'),
    jsonVia: outputFormat ? 'output-format' : jsonTool ? 'tool' : 'none',
    jsonSchema: outputFormat
      ? objectAt(outputFormat, 'schema')
      : jsonTool
        ? objectAt(jsonTool, 'input_schema')
        : undefined,
  };
}

/** Anthropic's error object. */
function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

function errorTypeFor(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}
