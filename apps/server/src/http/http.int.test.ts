import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { errorOf, postMalformedJson } from '../test/api-errors.js';
import { createTestApp, createWebDist, TEST_DATABASES, type TestContext } from '../test/test-app.js';

describe.each(TEST_DATABASES)('HTTP conventions on %s', (kind) => {
  let context: TestContext;
  let distDir: string;

  beforeAll(async () => {
    distDir = await createWebDist({ 'main-abc123.js': 'export {};' });
    context = await createTestApp(kind, {
      webDistDir: distDir,
      extend: (app) => {
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(1).max(10) }) } },
          async (request) => ({ name: request.body.name }),
        );
        app.get('/api/test/conflict', async () => {
          throw new AppError('CONFLICT', 409);
        });
        app.get('/api/test/crash', async () => {
          throw new Error('secret connection string postgres://user:pw@db');
        });
      },
    });
  });
  afterAll(async () => {
    await context.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const inject = (options: InjectOptions) => context.app.inject(options);

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } });
  });

  it('translates error messages from Accept-Language', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'accept-language': 'es-MX' },
    });
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontrado.' } });
  });

  it('rejects malformed JSON with INVALID_JSON', async () => {
    const response = await postMalformedJson(inject, '/api/test/echo', '{"name": ');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_JSON');
  });

  it('rejects a body that breaks the contract with VALIDATION_ERROR naming the field', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(11) },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Alguns dados enviados são inválidos.');
    expect(error.fields).toEqual([{ path: 'body.name', code: 'too_big' }]);
  });

  it("words a validation error in the caller's language only, with the fields as data", async () => {
    for (const [language, message] of [
      ['en', 'Some of the data sent is invalid.'],
      ['es', 'Algunos de los datos enviados no son válidos.'],
    ] as const) {
      const response = await inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'accept-language': language },
        payload: { name: '', extra: 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        fields: [{ path: 'body.name', code: 'too_small' }],
      });
    }
    const missing = await inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(errorOf(missing).fields).toEqual([{ path: 'body.name', code: 'invalid_type' }]);
  });

  it('rejects bodies over 64 KB', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports an AppError with its code and status', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'That conflicts with existing data.' },
    });
  });

  it('hides the details of a 5xx', async () => {
    const response = await inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('postgres://');
  });

  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const response = await inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Covers are served by the app itself: images come from no other site.
    expect(csp).toContain("img-src 'self' data: blob:;");
  });

  it('sends the security headers on API answers, pages and errors alike', async () => {
    const responses = await Promise.all([
      inject({ method: 'GET', url: '/healthz' }),
      inject({ method: 'GET', url: '/pt/faq', headers: { accept: 'text/html' } }),
      inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    for (const response of responses) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves index.html for client routes, revalidated', async () => {
    const response = await inject({ method: 'GET', url: '/pt/faq', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const json = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    const ui = await inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
