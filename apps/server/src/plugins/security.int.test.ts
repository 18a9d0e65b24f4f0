import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebDist, type TestContext } from '../test/test-app.js';

describe('Strict-Transport-Security', () => {
  let direct: TestContext;
  let behindProxy: TestContext;
  beforeAll(async () => {
    [direct, behindProxy] = await Promise.all([
      createTestApp('pglite'),
      createTestApp('pglite', { env: { TRUST_PROXY: 'true' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), behindProxy.close()]);
  });

  it('is not sent over plain HTTP, even when the client claims HTTPS to an untrusted hop', async () => {
    const app = direct.app;
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const notFound = await app.inject({ method: 'GET', url: '/api/none' });
    expect(notFound.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const app = behindProxy.app;
    const https = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const http = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('source maps of the web app', () => {
  let context: TestContext;
  let distDir: string;
  beforeAll(async () => {
    distDir = await createWebDist({
      'main-abc123.js': 'export {};\n//# sourceMappingURL=main-abc123.js.map',
      'main-abc123.js.map': '{"version":3,"sources":["secret.tsx"]}',
      'main-abc123.js.map.gz': 'gz',
    });
    context = await createTestApp('pglite', { webDistDir: distDir });
  });
  afterAll(async () => {
    await context.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('are never served, even when the build left them in the folder', async () => {
    for (const url of ['/assets/main-abc123.js.map', '/assets/main-abc123.js.map.gz']) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await context.app.inject({
          method: 'GET',
          url,
          headers: { accept, 'accept-encoding': 'gzip' },
        });
        expect(response.body).not.toContain('secret.tsx');
        expect(response.body).not.toBe('gz');
        if (accept === '*/*') expect(response.statusCode).toBe(404);
      }
    }
    const script = await context.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(script.statusCode).toBe(200);
  });
});
