import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@summa/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { parseRawResponse, sendRaw } from '../test/raw-http.js';

/**
 * A request must arrive within REQUEST_TIMEOUT_MS (headers and body), so a client trickling
 * bytes cannot hold a connection open; the answer, once the request is in, may take as long as
 * it needs (the summary generation stream).
 */
describe('request time-outs', () => {
  const requestTimeoutMs = 1_500;
  let context: TestContext;
  let port: number;

  beforeAll(async () => {
    context = await createTestApp('pglite', {
      env: { REQUEST_TIMEOUT_MS: String(requestTimeoutMs) },
      extend: (app) => {
        // Stands in for the generation stream: a small body, then a long answer written bit by bit.
        app.post('/api/test/stream', async (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
          for (let index = 0; index < 6; index++) {
            reply.raw.write(`data: ${index}\n\n`);
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          reply.raw.end('data: done\n\n');
        });
      },
    });
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    const address = context.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await context.close();
  });

  it('cuts a body that trickles in, with 408 REQUEST_TIMEOUT in the error shape', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'correct horse' });
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Accept-Language: en\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 400 ms: the whole body would take over 20 s.
    const trickle = Array.from({ length: body.length }, (_, index) => ({
      data: body.charAt(index),
      delayMs: 400,
    }));
    const { raw, closedAfterMs } = await sendRaw(port, [{ data: head }, ...trickle], 15_000);
    // The bound, plus Node's check interval (1 s) and slack for a loaded machine.
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 1_000 + 2_000);
    const response = parseRawResponse(raw);
    expect(response.status).toBe(408);
    expect(errorResponseSchema.parse(JSON.parse(response.body)).error).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again.',
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }, 20_000);

  it('cuts headers that trickle in', async () => {
    const lines = [
      'GET /healthz HTTP/1.1\r\n',
      'Host: x\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-${i}: y\r\n`),
    ];
    const { raw, closedAfterMs } = await sendRaw(
      port,
      lines.map((data) => ({ data, delayMs: 300 })),
      15_000,
    );
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 1_000 + 2_000);
    expect(parseRawResponse(raw).status).toBe(408);
  }, 20_000);

  it('does not cut a long answer once the request is in', async () => {
    const startedAt = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/test/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await response.text();
    expect(performance.now() - startedAt).toBeGreaterThan(requestTimeoutMs + 1_000);
    expect(text).toContain('data: 5');
    expect(text).toContain('data: done');
  }, 20_000);
});
