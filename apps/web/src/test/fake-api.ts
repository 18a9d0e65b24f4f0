import type { ErrorCode, ErrorResponse } from '@summa/shared';
import { vi } from 'vitest';

/** One request the fake API received, as a route handler and a test's assertions see it. */
export interface FakeRequest {
  /** "METHOD /path", as routes are named. */
  route: string;
  method: string;
  /** The path without the query string. */
  path: string;
  /** The whole address, on a placeholder origin, for its query string. */
  url: URL;
  /** The values of the route's `:name` segments. */
  params: Record<string, string>;
  headers: Headers;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
  signal: AbortSignal;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** Handlers by "METHOD /path", where a `:name` segment matches any one segment. */
export type FakeRoutes = Record<string, FakeHandler>;

/** A JSON answer (the app checks it against the route's contract, as it does the server's). */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** The API's error answer `{error: {code, message}}`. */
export function apiError(status: number, code: ErrorCode, message = ''): Response {
  const body: ErrorResponse = { error: { code, message } };
  return Response.json(body, { status });
}

/** No answer at all, as fetch fails when the network is down. */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}

function matches(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const actual = path.split('/');
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * The web tests' one fake of the API, at the network boundary: it replaces the global `fetch`,
 * answers each request with the handler of its "METHOD /path" route (404 NOT_FOUND when there is
 * none) and records every request. `vi.unstubAllGlobals()` takes it away again.
 */
export function fakeApi(initial: FakeRoutes = {}) {
  const routes: FakeRoutes = { ...initial };
  const requests: FakeRequest[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(address, 'http://app.test');
    const method = init.method ?? 'GET';
    const request: FakeRequest = {
      route: `${method} ${url.pathname}`,
      method,
      path: url.pathname,
      url,
      params: {},
      headers: new Headers(init.headers),
      body: parseBody(init.body),
      signal: init.signal ?? new AbortController().signal,
    };
    requests.push(request);
    for (const [route, handler] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? matches(pattern, url.pathname) : null;
      if (params) {
        request.params = params;
        return handler(request);
      }
    }
    return apiError(404, 'NOT_FOUND', 'Not found.');
  });
  vi.stubGlobal('fetch', fetch);

  return {
    /** The stubbed fetch, for call counts. */
    fetch,
    /** Every request, in order. */
    requests,
    /** The requests to one path (whatever the method and query). */
    to: (path: string) => requests.filter((request) => request.path === path),
    /** Adds routes, or replaces the handler of routes it already has. */
    on(more: FakeRoutes) {
      Object.assign(routes, more);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
