/**
 * What the LLM provider tests share: a summary request with its JSON schema and a sample answer,
 * reading a stream to its end, and the checks on the errors it ends with.
 */
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { z } from 'zod';
import { nonFictionSectionsSchema } from '@summa/shared';
import { LlmError, type LlmFailure, type LlmRequest } from '../providers/llm/llm-provider.js';

export const JSON_SCHEMA = z.toJSONSchema(nonFictionSectionsSchema) as Record<string, unknown>;

/** Non-ASCII on purpose: pieces cut between bytes or code units would show up as a mismatch. */
export const ANSWER = {
  oneLiner: 'Small habits compound into remarkable results.',
  keyIdeas: [
    { title: 'Systems beat goals', explanation: 'You fall to the level of your systems — “always”.' },
  ],
  closing: 'Start with two minutes a day. 🚀',
};

export function requestFor(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    system: 'You write book summaries as JSON.',
    prompt: 'Summarise "Atomic Habits" by James Clear.',
    jsonSchema: JSON_SCHEMA,
    maxOutputTokens: 1234,
    temperature: 0.3,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/**
 * Reads the whole stream; the chunks that arrived and the error it ended with, if any. With
 * `abortAfter`, aborts its controller once that many chunks have arrived.
 */
export async function drain(
  stream: AsyncIterable<string>,
  abortAfter?: { controller: AbortController; chunks: number },
): Promise<{ chunks: string[]; error: unknown }> {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) {
      chunks.push(chunk);
      if (chunks.length === abortAfter?.chunks) abortAfter.controller.abort();
    }
    return { chunks, error: undefined };
  } catch (error) {
    return { chunks, error };
  }
}

/** Checks that `error` is an LlmError of this kind whose message does not give `secret` away. */
export function expectFailure(error: unknown, failure: LlmFailure, secret: string): LlmError {
  expect(error).toBeInstanceOf(LlmError);
  const llmError = error as LlmError;
  expect(llmError.failure).toBe(failure);
  expect(llmError.message).not.toContain(secret);
  return llmError;
}

export async function eventually(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
