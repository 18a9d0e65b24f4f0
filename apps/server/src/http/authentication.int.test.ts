import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import type { ErrorResponse, Session } from '@summa/shared';
import type { App } from '../app.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { bearer, signUpTestUser, uniqueIp } from '../test/test-users.js';

interface Route {
  method: HTTPMethods;
  url: string;
}

const GUARDS = ['authenticate()', 'requireAdmin()'];

/**
 * Every route whose hooks include `app.authenticate` or `app.requireAdmin`, read from the
 * router's own listing (`printRoutes` with hooks), so that a route added later is walked too.
 */
function guardedRoutes(app: App): Route[] {
  const listing = app.printRoutes({ includeHooks: true, commonPrefix: false });
  const parents: { indent: number; url: string }[] = [];
  const routes: { methods: HTTPMethods[]; url: string; hooks: string[] }[] = [];
  for (const line of listing.split('\n')) {
    const hook = /^[│\s]*• \(\w+\) (\[.*\])$/.exec(line);
    if (hook) {
      routes.at(-1)?.hooks.push(...(JSON.parse(hook[1] ?? '[]') as string[]));
      continue;
    }
    const route = /^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!route) continue;
    const [, prefix = '', segment = '', methods = ''] = route;
    while ((parents.at(-1)?.indent ?? -1) >= prefix.length) parents.pop();
    const url = `${parents.at(-1)?.url ?? ''}${segment}`;
    parents.push({ indent: prefix.length, url });
    routes.push({ methods: methods.split(', '), url, hooks: [] });
  }
  return routes
    .filter((route) => route.hooks.some((hook) => GUARDS.includes(hook)))
    .flatMap((route) => route.methods.map((method) => ({ method, url: route.url })));
}

/** Operations the OpenAPI document says need the bearer token, as `METHOD /path/:param`. */
function documentedAsPrivate(app: App): string[] {
  const document = app.swagger() as {
    paths?: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme) => 'bearerAuth' in scheme))
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** A valid token with one claim changed (its signature no longer matches). */
function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/** A valid token with a character of its signature changed. */
function withBrokenSignature(token: string): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const middle = Math.floor(signature.length / 2);
  const changed = signature[middle] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, middle)}${changed}${signature.slice(middle + 1)}`;
}

describe.each(TEST_DATABASES)('every guarded route on %s', (kind) => {
  let context: TestContext;
  let session: Session;
  let other: Session;
  let routes: Route[];

  beforeAll(async () => {
    context = await createTestApp(kind);
    ({ session } = await signUpTestUser(context.app));
    ({ session: other } = await signUpTestUser(context.app));
    routes = guardedRoutes(context.app);
  });
  afterAll(async () => {
    await context.close();
  });

  it('are found in the router, and are the ones the OpenAPI document marks as private', () => {
    const walked = routes.filter((route) => route.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(walked).toEqual(expect.arrayContaining(['GET /api/auth/user', 'POST /api/admin/catalog/import']));
    expect([...walked].sort()).toEqual(documentedAsPrivate(context.app).sort());
  });

  it('lets the untampered token through (the control for the cases below)', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(session),
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
  });

  const cases: [string, () => Record<string, string>][] = [
    ['no Authorization header', () => ({})],
    ['an empty bearer token', () => ({ authorization: 'Bearer ' })],
    [
      'a token whose user was changed',
      () => bearer(withClaims(session.access_token, { sub: other.user.id })),
    ],
    ['a token made admin', () => bearer(withClaims(session.access_token, { role: 'admin' }))],
    ['a token whose signature was changed', () => bearer(withBrokenSignature(session.access_token))],
  ];

  it.each(cases)('answers 401 to %s, before looking at the body', async (_name, headers) => {
    expect(routes.length).toBeGreaterThan(0);
    for (const { method, url } of routes) {
      const response = await context.app.inject({
        method,
        url: url.replace(/:\w+/g, randomUUID()),
        headers: { ...headers(), 'accept-language': 'en' },
        remoteAddress: uniqueIp(),
        // An invalid body: the guard must answer before validation does.
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['www-authenticate'], `${method} ${url}`).toBe('Bearer');
      if (method !== 'HEAD') {
        expect(response.json<ErrorResponse>(), `${method} ${url}`).toEqual({
          error: { code: 'UNAUTHORIZED', message: expect.any(String) as unknown },
        });
      }
    }
  });
});
