import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropicServer, type FakeAnthropicServer } from '../../test/fake-anthropic-server.js';
import { startFakeGeminiServer, type FakeGeminiServer } from '../../test/fake-gemini-server.js';
import type { FakeModelRequest, FakeStreamBehaviour, ScriptedServer } from '../../test/fake-server-kit.js';
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

// Shaped like the real keys, so that the redaction of anything key-like is exercised too.
const ANTHROPIC_KEY = 'sk-ant-api03-0123456789abcdefghijklmnopqrstuvwxyz';
const GOOGLE_KEY = 'AIzaSyA-0123456789abcdefghijklmnopqrstuvw';
const ANSWER_TEXT = JSON.stringify(ANSWER);
const SCHEMA_KEYS = Object.keys(JSON_SCHEMA.properties as object);

let anthropic: FakeAnthropicServer;
let gemini: FakeGeminiServer;
/** Started with a path in front of the API, as a gateway has. */
let anthropicGateway: FakeAnthropicServer;
let geminiGateway: FakeGeminiServer;

beforeAll(async () => {
  [anthropic, gemini, anthropicGateway, geminiGateway] = await Promise.all([
    startFakeAnthropicServer(),
    startFakeGeminiServer(),
    startFakeAnthropicServer({ basePath: '/gateway/anthropic' }),
    startFakeGeminiServer({ basePath: '/gateway/google' }),
  ]);
});
afterAll(async () => {
  await Promise.all([anthropic, gemini, anthropicGateway, geminiGateway].map((fake) => fake.close()));
});
beforeEach(() => {
  for (const fake of [anthropic, gemini, anthropicGateway, geminiGateway]) fake.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** What the shared tests need of either fake. */
type HostedFake = Omit<ScriptedServer<FakeStreamBehaviour, FakeModelRequest>, 'origin'> & {
  readonly baseUrl: string;
};

const PROVIDERS = [
  {
    provider: 'anthropic' as const,
    label: 'Anthropic',
    model: 'claude-haiku-4-5',
    apiKey: ANTHROPIC_KEY,
    fake: (): HostedFake => anthropic,
    gateway: (): HostedFake => anthropicGateway,
    // Anthropic's "overloaded" error, when it arrives as the stream's first event.
    inStreamStatus: 529,
    defaultUrl: 'https://api.anthropic.com/v1/messages',
  },
  {
    provider: 'google' as const,
    label: 'Google Gemini',
    model: 'gemini-flash-latest',
    apiKey: GOOGLE_KEY,
    fake: (): HostedFake => gemini,
    gateway: (): HostedFake => geminiGateway,
    inStreamStatus: 503,
    defaultUrl:
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-flash-latest:streamGenerateContent?alt=sse',
  },
];

describe.each(PROVIDERS)(
  'AI SDK provider ($provider) against a fake of its API',
  ({ provider, label, model, apiKey, fake, gateway, inStreamStatus, defaultUrl }) => {
    const create = (overrides: Partial<LlmSettings> = {}) =>
      createAiSdkProvider({
        provider,
        model,
        baseUrl: fake().baseUrl,
        apiKey,
        modelsDir: '/nonexistent',
        idleTimeoutMs: 5_000,
        ...overrides,
      });
    const expectFailure = (error: unknown, failure: LlmFailure) => expectLlmFailure(error, failure, apiKey);

    it('streams the JSON answer in several chunks that concatenate to it, sending the key and the model', async () => {
      fake().enqueue({ kind: 'json', body: ANSWER, chunkSize: 7 });
      const llm = create();

      const { chunks, error } = await drain(llm.streamJson(requestFor()));

      expect(error).toBeUndefined();
      expect(chunks.length).toBeGreaterThan(3);
      expect(chunks.join('')).toBe(ANSWER_TEXT);
      expect(llm.status()).toEqual({ provider, model, state: 'ready' });
      expect(fake().requests).toHaveLength(1);
      expect(fake().requests[0]).toMatchObject({
        model,
        apiKey,
        stream: true,
        system: 'You write book summaries as JSON.',
        user: 'Summarise "Atomic Habits" by James Clear.',
      });
    });

    it('yields chunks while the model is still writing', async () => {
      fake().enqueue({ kind: 'json', body: ANSWER, chunkSize: 20, delayMs: 40 });
      const iterator = create().streamJson(requestFor())[Symbol.asyncIterator]();

      const first = await iterator.next();

      expect(first.done).toBe(false);
      const text = first.value as string;
      expect(ANSWER_TEXT.startsWith(text)).toBe(true);
      expect(text.length).toBeLessThan(ANSWER_TEXT.length);
      await iterator.return?.();
    });

    it('takes the base URL with a trailing slash, and one with a gateway path in front of the API', async () => {
      fake().enqueue({ kind: 'json', body: ANSWER });
      gateway().enqueue({ kind: 'json', body: ANSWER });

      const direct = await drain(create({ baseUrl: `${fake().baseUrl}/` }).streamJson(requestFor()));
      const proxied = await drain(create({ baseUrl: gateway().baseUrl }).streamJson(requestFor()));

      expect(direct.error).toBeUndefined();
      expect(proxied.error).toBeUndefined();
      expect(direct.chunks.join('')).toBe(ANSWER_TEXT);
      expect(proxied.chunks.join('')).toBe(ANSWER_TEXT);
      expect(fake().requests).toHaveLength(1);
      expect(gateway().requests).toHaveLength(1);
      expect(gateway().requests[0]?.apiKey).toBe(apiKey);
    });

    it('says the base URL may be wrong when the gateway answers 404 for a missing path', async () => {
      const withoutPath = gateway().baseUrl.replace(/\/gateway\/\w+/, '');
      const llm = create({ baseUrl: withoutPath });

      const { error } = await drain(llm.streamJson(requestFor()));

      expect(expectFailure(error, 'unavailable').message).toBe(
        `${label} at ${new URL(withoutPath).host} does not know the model "${model}", or the base URL is wrong (HTTP 404).`,
      );
      expect(gateway().requests).toHaveLength(0);
    });

    it.each([
      { status: 429, message: `${label} is rate-limiting requests (HTTP 429).` },
      { status: 500, message: `${label} failed to answer (HTTP 500).` },
    ])('turns HTTP $status into the transient failure the pipeline retries', async ({ status, message }) => {
      fake().enqueue({ kind: 'status', status });
      const llm = create();

      const { chunks, error } = await drain(llm.streamJson(requestFor()));

      expect(chunks).toEqual([]);
      expect(expectFailure(error, 'transient').message).toBe(message);
      expect(llm.status().state).toBe('ready');
      // maxRetries: 0 — the pipeline does its own retry.
      expect(fake().requests).toHaveLength(1);
    });

    it('turns HTTP 401 into unavailable with the API key message, until a call succeeds', async () => {
      fake().enqueue({ kind: 'status', status: 401 });
      const llm = create();

      const { error } = await drain(llm.streamJson(requestFor()));

      const failure = expectFailure(error, 'unavailable');
      expect(failure.message).toBe(`${label} refused the credentials (HTTP 401); check the API key.`);
      expect(llm.status()).toEqual({ provider, model, state: 'error', error: failure.message });

      fake().enqueue({ kind: 'json', body: ANSWER });
      expect((await drain(llm.streamJson(requestFor()))).error).toBeUndefined();
      expect(llm.status().state).toBe('ready');
    });

    it('turns an error event at the start of the stream into a transient failure', async () => {
      fake().enqueue({ kind: 'stream-error' });

      const { chunks, error } = await drain(create().streamJson(requestFor()));

      expect(chunks).toEqual([]);
      expect(expectFailure(error, 'transient').message).toBe(
        `${label} failed to answer (HTTP ${inStreamStatus}).`,
      );
    });

    it('turns an error event mid-stream into a transient failure, after the chunks that came', async () => {
      fake().enqueue({ kind: 'stream-error', afterChars: 30, body: ANSWER });

      const { chunks, error } = await drain(create().streamJson(requestFor()));

      expectFailure(error, 'transient');
      expect(chunks.join('')).toBe(Array.from(ANSWER_TEXT).slice(0, 30).join(''));
    });

    it('reports an unreachable base URL as unavailable', async () => {
      const port = await closedPort();
      const llm = create({ baseUrl: `http://127.0.0.1:${port}/v1` });

      const { error } = await drain(llm.streamJson(requestFor()));

      expect(expectFailure(error, 'unavailable').message).toBe(
        `Cannot reach ${label} at 127.0.0.1:${port}: connection refused.`,
      );
      expect(llm.status().state).toBe('error');
    });

    it('ends a hanging call promptly with aborted when the signal aborts, and the cancel reaches the server', async () => {
      fake().enqueue({ kind: 'hang' });
      const controller = new AbortController();
      const pending = drain(create().streamJson(requestFor({ signal: controller.signal })));
      await fake().waitForRequests(1);

      const abortedAt = Date.now();
      controller.abort();
      const { error } = await pending;

      expectFailure(error, 'aborted');
      expect(Date.now() - abortedAt).toBeLessThan(1_000);
      await eventually(() => expect(fake().abortedCount()).toBe(1));
    });

    it('stops the stream mid-answer when the signal aborts', async () => {
      fake().enqueue({ kind: 'json', body: ANSWER, chunkSize: 5, delayMs: 30 });
      const controller = new AbortController();
      const { chunks, error: caught } = await drain(
        create().streamJson(requestFor({ signal: controller.signal })),
        { controller, chunks: 2 },
      );

      expectFailure(caught, 'aborted');
      expect(chunks.join('').length).toBeLessThan(ANSWER_TEXT.length);
      await eventually(() => expect(fake().abortedCount()).toBe(1));
    });

    it('cancels the HTTP request when the consumer stops reading', async () => {
      fake().enqueue({ kind: 'json', body: ANSWER, chunkSize: 5, delayMs: 30 });
      for await (const chunk of create().streamJson(requestFor())) {
        expect(chunk.length).toBeGreaterThan(0);
        break;
      }
      await eventually(() => expect(fake().abortedCount()).toBe(1));
    });

    it('times out as transient when the model stays silent longer than idleTimeoutMs', async () => {
      fake().enqueue({ kind: 'hang' });

      const { error } = await drain(create({ idleTimeoutMs: 300 }).streamJson(requestFor()));

      expect(expectFailure(error, 'transient').message).toMatch(/timed out/);
      await eventually(() => expect(fake().abortedCount()).toBe(1));
    });

    it("calls the provider's own API when no base URL is set", async () => {
      // The Anthropic SDK would take this variable over its default; the test is about the default.
      vi.stubEnv('ANTHROPIC_BASE_URL', undefined);
      const urls: string[] = [];
      vi.stubGlobal('fetch', (input: string | URL | Request) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        // Nothing leaves the machine: every call is refused as a wrong key would be.
        return Promise.resolve(new Response('{}', { status: 401 }));
      });

      const { error } = await drain(create({ baseUrl: undefined }).streamJson(requestFor()));

      expect(expectFailure(error, 'unavailable').message).toBe(
        `${label} refused the credentials (HTTP 401); check the API key.`,
      );
      expect(urls).toEqual([defaultUrl]);
      expect(fake().requests).toHaveLength(0);
    });
  },
);

describe('what the AI SDK sends to Anthropic', () => {
  const create = (model: string) =>
    createAiSdkProvider({
      provider: 'anthropic',
      model,
      baseUrl: anthropic.baseUrl,
      apiKey: ANTHROPIC_KEY,
      modelsDir: '/nonexistent',
      idleTimeoutMs: 5_000,
    });

  it('asks a model with native structured output for JSON through output_config.format', async () => {
    anthropic.enqueue({ kind: 'json', body: ANSWER });

    const { chunks, error } = await drain(create('claude-haiku-4-5').streamJson(requestFor()));

    expect(error).toBeUndefined();
    expect(chunks.join('')).toBe(ANSWER_TEXT);
    const [sent] = anthropic.requests;
    expect(sent).toMatchObject({ apiKey: ANTHROPIC_KEY, version: '2023-06-01', jsonVia: 'output-format' });
    expect(sent?.body).toMatchObject({
      model: 'claude-haiku-4-5',
      max_tokens: 1234,
      temperature: 0.3,
      stream: true,
      output_config: { format: { type: 'json_schema' } },
    });
    expect(sent?.body.tools).toBeUndefined();
    // The SDK rewrites the schema for Anthropic (constraints move into descriptions); the fields stay.
    expect(Object.keys(sent?.jsonSchema?.properties as object)).toEqual(SCHEMA_KEYS);
    expect(sent?.jsonSchema?.additionalProperties).toBe(false);
  });

  it.each(['claude-sonnet-4-20250514', 'summary-model-alias'])(
    'asks %s, which has no native structured output as far as the SDK knows, through a forced json tool, and streams its input',
    async (model) => {
      anthropic.enqueue({ kind: 'json', body: ANSWER, chunkSize: 7 });

      const { chunks, error } = await drain(create(model).streamJson(requestFor()));

      expect(error).toBeUndefined();
      expect(chunks.length).toBeGreaterThan(3);
      expect(chunks.join('')).toBe(ANSWER_TEXT);
      const [sent] = anthropic.requests;
      expect(sent?.jsonVia).toBe('tool');
      expect(sent?.jsonSchema).toEqual(JSON_SCHEMA);
      expect(sent?.body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
      expect(sent?.body.output_config).toBeUndefined();
    },
  );
});

describe('what the AI SDK sends to Gemini', () => {
  const create = () =>
    createAiSdkProvider({
      provider: 'google',
      model: 'gemini-flash-latest',
      baseUrl: gemini.baseUrl,
      apiKey: GOOGLE_KEY,
      modelsDir: '/nonexistent',
      idleTimeoutMs: 5_000,
    });

  it('streams with alt=sse and asks for JSON through responseMimeType and responseSchema', async () => {
    gemini.enqueue({ kind: 'json', body: ANSWER });

    const { error } = await drain(create().streamJson(requestFor()));

    expect(error).toBeUndefined();
    const [sent] = gemini.requests;
    expect(sent).toMatchObject({
      method: 'streamGenerateContent',
      stream: true,
      apiKey: GOOGLE_KEY,
      generationConfig: { maxOutputTokens: 1234, temperature: 0.3, responseMimeType: 'application/json' },
    });
    // The SDK converts the JSON schema to the OpenAPI subset Gemini takes; the fields stay.
    const responseSchema = sent?.generationConfig.responseSchema as { properties?: object } | undefined;
    expect(Object.keys(responseSchema?.properties ?? {})).toEqual(SCHEMA_KEYS);
  });

  it('reads the 400 Gemini gives a wrong key as refused credentials', async () => {
    gemini.enqueue({
      kind: 'status',
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      },
    });

    const { error } = await drain(create().streamJson(requestFor()));

    expect(expectLlmFailure(error, 'unavailable', GOOGLE_KEY).message).toBe(
      'Google Gemini refused the credentials (HTTP 400); check the API key.',
    );
  });

  it('keeps any other 400 a rejected request, with the redacted reason', async () => {
    gemini.enqueue({
      kind: 'status',
      status: 400,
      body: {
        error: {
          code: 400,
          message: `Invalid JSON payload received (key ${GOOGLE_KEY}).`,
          status: 'INVALID_ARGUMENT',
        },
      },
    });

    const { error } = await drain(create().streamJson(requestFor()));

    const failure = expectLlmFailure(error, 'unavailable', GOOGLE_KEY);
    expect(failure.message).toMatch(/^Google Gemini rejected the request \(HTTP 400\): Invalid JSON payload/);
    expect(failure.message).toContain('[redacted]');
  });
});
