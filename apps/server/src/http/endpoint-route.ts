import { errorResponseSchema, type Endpoint } from '@summa/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** The statuses of error answers a route documents (each with the shared error body). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** What a route says about itself in the OpenAPI document, beyond its endpoint's contracts. */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** The route takes the bearer access token (documented as `bearerAuth`). */
  bearer?: boolean;
  /** Its error answers, each with the shared error body. */
  errors?: readonly ErrorStatus[];
  /** The description of a success answer that is not JSON (the endpoint's `produces`). */
  answer?: string;
}

type RequestSchemas<E extends Endpoint> = Pick<E, Extract<keyof E, 'params' | 'querystring' | 'body'>>;
type ErrorSchemas = { readonly [Status in ErrorStatus]: typeof errorResponseSchema };
type ExtraResponses = Partial<Record<ErrorStatus, z.ZodType>>;

export interface EndpointRouteOptions<E extends Endpoint, Extra extends ExtraResponses> {
  method: E['method'];
  url: E['path'];
  schema: RequestSchemas<E> & {
    tags: string[];
    summary: string;
    description?: string;
    security?: { bearerAuth: string[] }[];
    response: E['response'] & Omit<ErrorSchemas, keyof Extra> & Extra;
  };
}

/**
 * A route's method, URL and schema from its entry in the endpoint table (packages/shared
 * endpoints.ts), so that the route and the OpenAPI document follow the table:
 * `app.route({ ...endpointRoute(ENDPOINTS.auth.login, docs), handler })`. `extra` documents an
 * error status answered with another body (a 503 readiness report).
 */
export function endpointRoute<E extends Endpoint, Extra extends ExtraResponses = object>(
  endpoint: E,
  docs: RouteDocs,
  extra?: Extra,
): EndpointRouteOptions<E, Extra> {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.response)) {
    response[status] = endpoint.produces
      ? {
          description: docs.answer ?? `A ${endpoint.produces} document`,
          content: { [endpoint.produces]: { schema } },
        }
      : schema;
  }
  for (const status of docs.errors ?? []) response[status] = errorResponseSchema;
  Object.assign(response, extra);
  const schema: Record<string, unknown> = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description === undefined ? {} : { description: docs.description }),
    ...(docs.bearer ? { security: [{ bearerAuth: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    // A route that documents no answer gets Fastify's default one in the OpenAPI document.
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
  // The runtime object holds what the type says (the table's schemas); the type keeps each
  // schema's own type for the handler's request and reply.
  return { method: endpoint.method, url: endpoint.path, schema } as unknown as EndpointRouteOptions<E, Extra>;
}

/** The guards a route can stand behind (plugins/auth.ts decorates the app with them). */
type Guards = Pick<FastifyInstance, 'authenticate' | 'requireAdmin'>;

/** The docs of a guarded route: the guard brings the bearer token and its own error statuses. */
export type GuardedRouteDocs = Omit<RouteDocs, 'bearer'>;

/** Statuses in order, each once. */
function withStatuses(
  errors: readonly ErrorStatus[] | undefined,
  guard: readonly ErrorStatus[],
): ErrorStatus[] {
  return [...new Set([...guard, ...(errors ?? [])])].sort((a, b) => a - b);
}

/**
 * A route only a signed-in reader calls: `endpointRoute` with the bearer token and its 401
 * documented, behind `app.authenticate`:
 * `app.route({ ...readerRoute(app, ENDPOINTS.readingList.list, docs), handler })`.
 */
export function readerRoute<E extends Endpoint, Extra extends ExtraResponses = object>(
  app: Guards,
  endpoint: E,
  docs: GuardedRouteDocs,
  extra?: Extra,
) {
  return {
    ...endpointRoute(endpoint, { ...docs, bearer: true, errors: withStatuses(docs.errors, [401]) }, extra),
    preHandler: app.authenticate,
  };
}

/**
 * An admin console route (tagged `admin`): `endpointRoute` with the bearer token and its 401 and
 * 403 documented, behind `app.requireAdmin`.
 */
export function adminRoute<E extends Endpoint, Extra extends ExtraResponses = object>(
  app: Guards,
  endpoint: E,
  docs: Omit<GuardedRouteDocs, 'tags'>,
  extra?: Extra,
) {
  return {
    ...endpointRoute(
      endpoint,
      { ...docs, tags: ['admin'], bearer: true, errors: withStatuses(docs.errors, [401, 403]) },
      extra,
    ),
    preHandler: app.requireAdmin,
  };
}

/**
 * A public route that costs enough to be limited per address: `endpointRoute` with its 429
 * documented, counted by `app.rateLimit.publicEndpoint` before anything else runs.
 */
export function publicRoute<E extends Endpoint, Extra extends ExtraResponses = object>(
  app: Pick<FastifyInstance, 'rateLimit'>,
  endpoint: E,
  docs: RouteDocs,
  extra?: Extra,
) {
  return {
    ...endpointRoute(endpoint, { ...docs, errors: withStatuses(docs.errors, [429]) }, extra),
    onRequest: app.rateLimit.publicEndpoint,
  };
}
