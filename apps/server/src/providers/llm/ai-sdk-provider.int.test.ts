import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../test/fake-llm-server.js';
import {
  ANSWER,
  closedPort,
  drain,
  eventually,
  expectFailure as expectLlmFailure,
  JSON_SCHEMA,
  requestFor,
} from '../../test/llm-test-kit.js';
import { createAiSdkProvider } from './ai-sdk-provider.js';
import type { LlmFailure, LlmSettings } from './llm-provider.js';

const API_KEY = 'sk-test-0123456789abcdefghijklmnopqrstuvwxyz';

let fake: FakeLlmServer;

beforeAll(async () => {
  fake = await startFakeLlmServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function settingsFor(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    provider: 'openai-compatible',
    model: 'fake-model',
    baseUrl: fake.baseUrl,
    apiKey: undefined,
    modelsDir: '/nonexistent',
    idleTimeoutMs: 5_000,
    ...overrides,
  };
}

const expectFailure = (error: unknown, failure: LlmFailure) => expectLlmFailure(error, failure, API_KEY);

describe.each([
  { provider: 'openai-compatible' as const, apiKey: undefined },
  { provider: 'openai' as const, apiKey: API_KEY },
])('AI SDK provider ($provider) against the fake server', ({ provider, apiKey }) => {
  const create = (overrides: Partial<LlmSettings> = {}) =>
    createAiSdkProvider(settingsFor({ provider, apiKey, ...overrides }));

  it('streams the JSON text in several chunks that concatenate to the answer', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER, chunkSize: 7 });
    const llm = create();

    const { chunks, error } = await drain(llm.streamJson(requestFor()));

    expect(error).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(JSON.stringify(ANSWER));
    expect(JSON.parse(chunks.join(''))).toEqual(ANSWER);
    expect(llm.status()).toEqual({ provider, model: 'fake-model', state: 'ready' });
  });

  it('yields chunks while the model is still writing', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER, chunkSize: 20, delayMs: 40 });
    const iterator = create().streamJson(requestFor())[Symbol.asyncIterator]();

    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect(JSON.stringify(ANSWER).startsWith(first.value as string)).toBe(true);
    expect((first.value as string).length).toBeLessThan(JSON.stringify(ANSWER).length);
    await iterator.return?.();
  });

  it('sends the prompts, the settings and a JSON-schema response format', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER });
    await drain(create().streamJson(requestFor()));

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.system).toBe('You write book summaries as JSON.');
    expect(sent?.user).toBe('Summarise "Atomic Habits" by James Clear.');
    expect(sent?.model).toBe('fake-model');
    expect(sent?.stream).toBe(true);
    expect(sent?.body.temperature).toBe(0.3);
    // OpenAI's own provider sends the newer name of the same limit.
    expect(sent?.body.max_tokens ?? sent?.body.max_completion_tokens).toBe(1234);
    expect(sent?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: JSON_SCHEMA },
    });
    expect(sent?.authorization).toBe(apiKey ? `Bearer ${apiKey}` : undefined);
  });

  it.each([429, 500, 503])('turns HTTP %i into a transient failure', async (status) => {
    fake.enqueue({ kind: 'status', status });
    const llm = create();

    const { error } = await drain(llm.streamJson(requestFor()));

    expect(expectFailure(error, 'transient').message).toContain(`HTTP ${status}`);
    expect(llm.status().state).toBe('ready');
    // maxRetries: 0 — the pipeline does its own retry.
    expect(fake.requests).toHaveLength(1);
  });

  it.each([401, 403, 404])('turns HTTP %i into unavailable, without echoing secrets', async (status) => {
    fake.enqueue({
      kind: 'status',
      status,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error' } },
    });
    const llm = create();

    const { error } = await drain(llm.streamJson(requestFor()));

    const failure = expectFailure(error, 'unavailable');
    expect(failure.message).toContain(`HTTP ${status}`);
    expect(llm.status()).toMatchObject({ state: 'error', error: failure.message });
    expect(JSON.stringify(llm.status())).not.toContain(API_KEY);

    // A later success clears the error state.
    fake.enqueue({ kind: 'json', body: ANSWER });
    expect((await drain(llm.streamJson(requestFor()))).error).toBeUndefined();
    expect(llm.status().state).toBe('ready');
  });

  it('turns another 4xx into unavailable with the redacted provider message', async () => {
    fake.enqueue({
      kind: 'status',
      status: 400,
      body: { error: { message: `Invalid schema for response_format (key ${API_KEY})` } },
    });
    const { error } = await drain(create().streamJson(requestFor()));

    const failure = expectFailure(error, 'unavailable');
    expect(failure.message).toContain('Invalid schema for response_format');
    expect(failure.message).toContain('[redacted]');
  });

  it('reports a refused connection as unavailable', async () => {
    const llm = create({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` });

    const { error } = await drain(llm.streamJson(requestFor()));

    expect(expectFailure(error, 'unavailable').message).toMatch(/connection refused/);
    expect(llm.status().state).toBe('error');
  });

  it('passes malformed output through as text', async () => {
    fake.enqueue({ kind: 'malformed' });

    const { chunks, error } = await drain(create().streamJson(requestFor()));

    expect(error).toBeUndefined();
    const text = chunks.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('ends a hanging call promptly with aborted when the signal aborts, and the cancel reaches the server', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = drain(create().streamJson(requestFor({ signal: controller.signal })));
    await fake.waitForRequests(1);

    const abortedAt = Date.now();
    controller.abort();
    const { error } = await pending;

    expectFailure(error, 'aborted');
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    await eventually(() => expect(fake.abortedCount()).toBe(1));
  });

  it('aborts mid-stream too', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER, chunkSize: 5, delayMs: 30 });
    const controller = new AbortController();
    const { error: caught } = await drain(create().streamJson(requestFor({ signal: controller.signal })), {
      controller,
      chunks: 2,
    });

    expectFailure(caught, 'aborted');
    await eventually(() => expect(fake.abortedCount()).toBe(1));
  });

  it('fails at once with aborted when the signal is already aborted', async () => {
    const { error } = await drain(create().streamJson(requestFor({ signal: AbortSignal.abort() })));

    expectFailure(error, 'aborted');
    expect(fake.requests).toHaveLength(0);
  });

  it('cancels the HTTP request when the consumer stops reading', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER, chunkSize: 5, delayMs: 30 });
    for await (const chunk of create().streamJson(requestFor())) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    await eventually(() => expect(fake.abortedCount()).toBe(1));
  });

  it('reports a connection dropped mid-stream as transient, after the chunks that came', async () => {
    fake.enqueue({ kind: 'drop', afterChars: 30, body: ANSWER, chunkSize: 10 });

    const { chunks, error } = await drain(create().streamJson(requestFor()));

    expectFailure(error, 'transient');
    expect(JSON.stringify(ANSWER).startsWith(chunks.join(''))).toBe(true);
    expect(fake.abortedCount()).toBe(0);
  });

  it('times out as transient when the model stays silent longer than idleTimeoutMs', async () => {
    fake.enqueue({ kind: 'hang' });
    const startedAt = Date.now();

    const { error } = await drain(create({ idleTimeoutMs: 300 }).streamJson(requestFor()));

    expect(expectFailure(error, 'transient').message).toMatch(/timed out/);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await eventually(() => expect(fake.abortedCount()).toBe(1));
  });

  it('does not time out while tokens keep coming, even if the whole answer takes longer', async () => {
    // About 20 deltas 80 ms apart: 1.6 s in all, against a 600 ms idle limit.
    fake.enqueue({ kind: 'json', body: ANSWER, chunkSize: 10, delayMs: 80 });

    const { chunks, error } = await drain(create({ idleTimeoutMs: 600 }).streamJson(requestFor()));

    expect(error).toBeUndefined();
    expect(chunks.join('')).toBe(JSON.stringify(ANSWER));
  });
});

describe('AI SDK provider configuration', () => {
  it('fails calls with unavailable when the openai-compatible server has no model or base URL', async () => {
    for (const overrides of [{ model: '' }, { baseUrl: undefined }]) {
      const llm = createAiSdkProvider(settingsFor(overrides));
      expect(llm.status().state).toBe('error');
      const { error } = await drain(llm.streamJson(requestFor()));
      expectFailure(error, 'unavailable');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('reports an unknown host as unavailable', async () => {
    const llm = createAiSdkProvider(settingsFor({ baseUrl: 'http://summa-no-such-host.invalid/v1' }));

    const { error } = await drain(llm.streamJson(requestFor()));

    expect(expectFailure(error, 'unavailable').message).toMatch(/host not found/);
  });
});

describe('fake LLM server', () => {
  it('answers a non-streaming request with a whole chat.completion', async () => {
    fake.enqueue({ kind: 'json', body: ANSWER });
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      }),
    });

    expect(response.status).toBe(200);
    const completion = (await response.json()) as {
      object: string;
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { total_tokens: number };
    };
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe(JSON.stringify(ANSWER));
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage.total_tokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.user).toBe('hi');
  });

  it('streams SSE chunks ending with usage and [DONE]', async () => {
    fake.enqueue({ kind: 'json', body: '{"a":1}', chunkSize: 3 });
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        stream: true,
        stream_options: { include_usage: true },
        messages: [],
      }),
    });

    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event.replace(/^data: /, '')) as {
          object: string;
          choices: { delta: { content?: string }; finish_reason: string | null }[];
          usage: unknown;
        },
    );
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('{"a":1}');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 2 } });
  });

  it('uses the queue first, then the responder, and answers 500 when nothing was scripted', async () => {
    const post = () =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [{ role: 'system', content: 'sys' }] }),
      });

    const unscripted = await post();
    expect(unscripted.status).toBe(500);
    expect(await unscripted.text()).toMatch(/nothing was scripted/);

    fake.enqueue({ kind: 'status', status: 418 });
    fake.respondWith((request) => ({ kind: 'status', status: request.system === 'sys' ? 429 : 500 }));
    expect((await post()).status).toBe(418);
    expect((await post()).status).toBe(429);
    expect(fake.requests.map((request) => request.system)).toEqual(['sys', 'sys', 'sys']);
  });

  it('lists its models', async () => {
    const response = await fetch(`${fake.baseUrl}/models`);
    expect(await response.json()).toMatchObject({
      object: 'list',
      data: [{ id: 'fake-model', object: 'model' }],
    });
  });
});
