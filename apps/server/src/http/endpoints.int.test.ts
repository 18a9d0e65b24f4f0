/**
 * The endpoint table of packages/shared (endpoints.ts) is the API: the app registers every entry
 * with its method and path, documents it in the OpenAPI document, and registers no /api route
 * outside it (the documentation pages under /api/docs aside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@summa/shared';
import type { App } from '../app.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/** The API's documentation pages (@fastify/swagger-ui): not endpoints of the API. */
const DOCS = /^\/api\/docs(\/|$)/;

/**
 * Every route the router holds, as `METHOD /path/:param`, read from its own listing. The listing
 * shows a wildcard without the path before it, so wildcard routes are left to `hasRoute` and the
 * OpenAPI document.
 */
function registeredRoutes(app: App): string[] {
  const listing = app.printRoutes({ commonPrefix: false });
  const parents: { indent: number; url: string }[] = [];
  const routes: string[] = [];
  for (const line of listing.split('\n')) {
    const route = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!route) continue;
    const [, prefix = '', segment = '', methods] = route;
    while ((parents.at(-1)?.indent ?? -1) >= prefix.length) parents.pop();
    const url = `${parents.at(-1)?.url ?? ''}${segment}`;
    parents.push({ indent: prefix.length, url });
    if (segment.includes('*')) continue;
    for (const method of methods?.split(', ') ?? []) routes.push(`${method} ${url}`);
  }
  return routes;
}

/** The OpenAPI document's operations, as `METHOD /path/:param`. */
function documentedOperations(app: App): string[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) =>
        `${method.toUpperCase()} ${path.replace(/\{(\w+|\*)\}/g, (_, name: string) => (name === '*' ? '*' : `:${name}`))}`,
    ),
  );
}

describe('the endpoint table', () => {
  let context: TestContext;
  const table = allEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);

  beforeAll(async () => {
    context = await createTestApp('pglite');
  });
  afterAll(async () => {
    await context.close();
  });

  it('names each endpoint once', () => {
    expect(new Set(table).size).toBe(table.length);
  });

  it('is registered by the app, entry by entry, with its method and path', () => {
    for (const { group, name, endpoint } of allEndpoints()) {
      const registered = context.app.hasRoute({ method: endpoint.method, url: endpoint.path });
      expect(registered, `${group}.${name}: ${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });

  it('holds every /api route the app registers (HEAD goes with its GET)', () => {
    const api = registeredRoutes(context.app).filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return (
        (path.startsWith('/api/') || path === '/healthz' || path === '/readyz') &&
        !DOCS.test(path) &&
        method !== 'HEAD'
      );
    });
    expect(api.length).toBeGreaterThan(40);
    expect(api.filter((route) => !table.includes(route))).toEqual([]);
  });

  it('is what the OpenAPI document describes', () => {
    const documented = documentedOperations(context.app).filter(
      (operation) => !DOCS.test(operation.split(' ')[1] ?? ''),
    );
    expect([...documented].sort()).toEqual([...table].sort());
  });
});
