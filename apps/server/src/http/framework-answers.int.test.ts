import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { errorResponseSchema, type ErrorCode } from '@summa/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { parseRawResponse, sendRaw } from '../test/raw-http.js';

/**
 * Answers that Fastify or Node's HTTP server would write on their own (a too-long path
 * parameter, a malformed URL, oversized headers, a request Node cannot parse, the body
 * parser's refusals): each one in the API's error shape, translated, without echoing the
 * request, and with the security headers.
 */
describe('answers written by the framework', () => {
  let context: TestContext;
  let port: number;

  beforeAll(async () => {
    context = await createTestApp('pglite');
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    const address = context.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await context.close();
  });

  const expectSecurityHeaders = (headers: Record<string, string | string[] | number | undefined>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  };
  const expectError = (body: string, code: ErrorCode, message?: string) => {
    const parsed = errorResponseSchema.parse(JSON.parse(body));
    expect(parsed.error.code).toBe(code);
    if (message) expect(parsed.error.message).toBe(message);
    expect(body).not.toMatch(/FST_ERR|statusCode/);
  };

  it('answers a too-long path parameter with 414 URI_TOO_LONG, without the path', async () => {
    const id = 'a'.repeat(300);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/summaries/${id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(414);
    expectError(response.body, 'URI_TOO_LONG', 'The request address is too long.');
    expect(response.body).not.toContain(id);
    expectSecurityHeaders(response.headers);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed URL component with 400 BAD_REQUEST, without the path', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/summaries/%E0%A4%A',
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(400);
    expectError(response.body, 'BAD_REQUEST', 'No se pudo entender la solicitud.');
    expect(response.body).not.toContain('%E0');
    expectSecurityHeaders(response.headers);
  });

  it('answers oversized headers (Node refuses them before Fastify) with 431 HEADERS_TOO_LARGE', async () => {
    const { raw } = await sendRaw(port, [
      { data: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40 * 1024)}\r\n\r\n` },
    ]);
    const response = parseRawResponse(raw);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expectError(response.body, 'HEADERS_TOO_LARGE');
    expectSecurityHeaders(response.headers);
  });

  it('answers a request Node cannot parse with 400 BAD_REQUEST in the error shape', async () => {
    const { raw } = await sendRaw(port, [
      { data: 'GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n' },
    ]);
    const response = parseRawResponse(raw);
    expect(response.status).toBe(400);
    expectError(response.body, 'BAD_REQUEST');
    expectSecurityHeaders(response.headers);
  });

  it.each<[string, InjectOptions, number, ErrorCode]>([
    ['an unknown route', { method: 'GET', url: '/api/none' }, 404, 'NOT_FOUND'],
    [
      'an unsupported media type',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<x/>',
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      400,
      'INVALID_JSON',
    ],
    [
      'a body too large',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(70 * 1024) }),
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a wrong Content-Length',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': '5' },
        payload: '{"email":"a@b.c"}',
      },
      400,
      'BAD_REQUEST',
    ],
  ])('answers %s in the error shape with the security headers', async (_name, request, status, code) => {
    const response = await context.app.inject(request);
    expect(response.statusCode).toBe(status);
    expectError(response.body, code);
    expectSecurityHeaders(response.headers);
  });
});

describe('answers while the app closes', () => {
  it('answers a request that arrives meanwhile with 503 SERVICE_UNAVAILABLE in the error shape', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const context = await createTestApp('pglite', {
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          await held;
          return { ok: true };
        });
      },
    });
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    const address = context.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // One request holds the app open while it closes; a second connection has begun its
    // request before the close and ends it after.
    const slow = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    const late = sendRaw(port, [
      { data: 'GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n' },
      { data: '\r\n', delayMs: 1_000 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closed = context.close();
    const response = parseRawResponse((await late).raw);
    release();
    expect((await slow).status).toBe(200);
    await closed;
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable right now.' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.connection).toBe('close');
  });
});
