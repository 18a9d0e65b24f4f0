// First: zod's settings must be in place before any schema parses (an island has no main.tsx).
import './zod-config';
import { pathOf, type EndpointRoute } from '@summa/shared/endpoint-routes';
import { parse, type $ZodType, type output } from 'zod/v4/core';

/**
 * A public GET (no session) of a prerendered page's island, its answer checked against the
 * endpoint's contract; an answer of another shape is refused like any failure. The app's
 * api-client brings the session and every language's texts along, which an island must not load.
 */
export async function fetchPublic<S extends $ZodType>(
  route: EndpointRoute,
  query: URLSearchParams,
  schema: S,
  signal?: AbortSignal,
): Promise<output<S>> {
  const response = await fetch(`${pathOf(route)}?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`${route.path} answered ${response.status}`);
  return parse(schema, await response.json());
}
