import type { Endpoint, PathParamName, PathParams } from '@summa/shared/endpoints';
import { pathOf } from '@summa/shared/endpoint-routes';
import { ERROR_CODE_BY_STATUS } from '@summa/shared/errors';
import type { z } from 'zod';
import { currentLanguage } from './i18n';
import { logWarning } from './logger';
import { trackStream } from './running-streams';
import { reportServerReached } from './use-online';

/** Code of an ApiError when no answer came back at all (offline, DNS, aborted connection). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/**
 * A failed API call: the HTTP status, the stable error code and the message the server already
 * translated for the Accept-Language it was sent (empty when the server gave none).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How the client reaches the signed-in session; the auth module plugs itself in here. */
export interface ApiAuthBridge {
  /** The current access token, or null before sign-in. */
  accessToken(): string | null;
  /**
   * Called once after a 401 for a request sent with `failedToken`: resolves to a fresh access
   * token to retry with, or null when the session is gone.
   */
  renewAfterUnauthorized(failedToken: string): Promise<string | null>;
}

let bridge: ApiAuthBridge | null = null;

export function connectApiAuth(next: ApiAuthBridge | null): void {
  bridge = next;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (an uploaded file) is sent as it is, with its own Content-Type. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Left out: the signed-in user's token when there is one, renewed once on a 401.
   * null: no token at all. A string: exactly that token, never renewed.
   */
  token?: string | null;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let code: string = ERROR_CODE_BY_STATUS[response.status] ?? 'INTERNAL_ERROR';
  let message = '';
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error: unknown = body.error;
      if (typeof error === 'object' && error !== null) {
        if ('code' in error && typeof error.code === 'string') code = error.code;
        if ('message' in error && typeof error.message === 'string') message = error.message;
      }
    }
  } catch {
    // Not JSON (a proxy's error page, say): the status decides the code.
  }
  return new ApiError(response.status, code, message);
}

async function send(
  path: string,
  options: ApiRequestOptions & { accept?: string },
  token: string | null,
): Promise<Response> {
  const headers = new Headers({
    Accept: options.accept ?? 'application/json',
    'Accept-Language': currentLanguage(),
  });
  const raw = options.body instanceof Blob ? options.body : null;
  if (raw) headers.set('Content-Type', raw.type || 'application/octet-stream');
  else if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    const response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: raw ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
    reportServerReached(true);
    return response;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Offline, or the server out of reach: the screens say so (use-online.ts).
    reportServerReached(false);
    throw new ApiError(0, NETWORK_ERROR, '');
  }
}

/** Sends with the options' token, once more with a renewed one after a 401 (see `token`). */
async function sendAuthorized(
  path: string,
  options: ApiRequestOptions & { accept?: string },
): Promise<Response> {
  const automatic = options.token === undefined;
  const token = automatic ? (bridge?.accessToken() ?? null) : options.token;
  const response = await send(path, options, token ?? null);
  if (response.status === 401 && automatic && token && bridge) {
    const renewed = await bridge.renewAfterUnauthorized(token);
    if (renewed) return send(path, options, renewed);
  }
  return response;
}

/**
 * Calls the API with JSON in and out. Resolves to the body checked against `schema`, the contract
 * of the answer (`noContentSchema` for a 204), or rejects with an ApiError carrying the server's
 * `{error: {code, message}}`.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const response = await sendAuthorized(path, options);
  if (!response.ok) throw await errorFrom(response);
  const text = response.status === 204 ? '' : await response.text();
  return checked(schema, text ? parseJson(text) : null, path, response.status);
}

/**
 * Checks an answer against its contract. One that does not match is logged and becomes the error
 * a server failure without a body gives (INTERNAL_ERROR, no message), so each screen shows its
 * usual translated fallback instead of working on data of the wrong shape.
 */
function checked<S extends z.ZodType>(schema: S, data: unknown, path: string, status: number): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  logWarning(`unexpected answer from ${path}`, result.error.issues);
  throw new ApiError(status, 'INTERNAL_ERROR', '');
}

/** A file the API answered with, and the name its Content-Disposition gives it (null without one). */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*` (UTF-8) first, else `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below still names the file.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || null;
}

/**
 * Downloads a file from the API (a PDF export, say) with the reader's session, renewed once on a
 * 401 as for any call. Rejects with an ApiError, read from the JSON error answer, when refused.
 */
export async function apiFile(
  path: string,
  accept: string,
  options: ApiRequestOptions = {},
): Promise<ApiFile> {
  const response = await sendAuthorized(path, { ...options, accept });
  if (!response.ok) throw await errorFrom(response);
  try {
    const blob = await response.blob();
    return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
}

/** Not JSON at all: a value no contract accepts. */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * Calls an endpoint that answers with server-sent events (`Accept: text/event-stream`) and hands
 * each event, checked against `eventSchema`, to `onEvent` as it arrives (read by
 * eventsource-parser, so any line ending and multi-line data are read as the standard says).
 * The request goes out as any other, renewed once after a 401. Rejects with an ApiError when the
 * server refuses before streaming (validation, 401, plan limit), the connection fails, or an event
 * does not match its contract (the stream is then dropped).
 */
export function apiEventStream<S extends z.ZodType>(
  path: string,
  eventSchema: S,
  options: ApiRequestOptions & { body: unknown },
  onEvent: (event: z.output<S>) => void,
): Promise<void> {
  // Counted while it runs: a new version of the app waits for it to end (running-streams.ts).
  return trackStream(() => readEventStream(path, eventSchema, options, onEvent));
}

async function readEventStream<S extends z.ZodType>(
  path: string,
  eventSchema: S,
  options: ApiRequestOptions & { body: unknown },
  onEvent: (event: z.output<S>) => void,
): Promise<void> {
  // The parser is loaded with the first stream (the first screen streams nothing), meanwhile.
  const parserModule = import('eventsource-parser');
  const response = await sendAuthorized(path, { ...options, accept: 'text/event-stream' });
  if (!response.ok || !response.body) throw await errorFrom(response);

  const { createParser } = await parserModule;
  const parser = createParser({
    onEvent: ({ data }) => {
      // A contract breach throws out of `feed`, ending the read below.
      if (data) onEvent(checked(eventSchema, parseJson(data), path, response.status));
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    if (error instanceof ApiError) {
      void reader.cancel().catch(() => undefined);
      throw error;
    }
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
}

/*
 * The app calls the API through the shared endpoint table (`ENDPOINTS` of @summa/shared): the
 * method, the path and the contract of the answer come from the endpoint, never from a path
 * written here (ESLint's summa/no-api-path-literals). The path-taking functions above carry the
 * requests out.
 */

/** The contract of an endpoint's success answer: its 200, else its 201, else its 202, else its 204 (null). */
type SuccessSchema<E extends Endpoint> = E['response'] extends { readonly 200: infer S extends z.ZodType }
  ? S
  : E['response'] extends { readonly 201: infer S extends z.ZodType }
    ? S
    : E['response'] extends { readonly 202: infer S extends z.ZodType }
      ? S
      : E['response'] extends { readonly 204: infer S extends z.ZodType }
        ? S
        : never;

/** What an endpoint answers once checked against its contract. */
export type EndpointAnswer<E extends Endpoint> = z.output<SuccessSchema<E>>;

/** The events of an endpoint that streams them. */
type EventSchema<E extends Endpoint> = E extends { readonly events: infer S extends z.ZodType } ? S : never;

type ParamsOf<E extends Endpoint> = [PathParamName<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> };

type BodyOf<E extends Endpoint> = E extends { readonly body: infer S extends z.ZodType }
  ? { body: z.input<S> }
  : E extends { readonly consumes: string }
    ? { body: Blob }
    : { body?: undefined };

/** One call of an endpoint: its path's parameters, its query string and its body, as it takes them. */
export type EndpointCall<E extends Endpoint> = ParamsOf<E> &
  BodyOf<E> & {
    query?: URLSearchParams;
    signal?: AbortSignal;
    /** As `ApiRequestOptions.token`. */
    token?: string | null;
  };

/** A call as the functions below carry it out (its types were checked by `EndpointCall`). */
interface CheckedCall {
  params?: Readonly<Record<string, string | number>>;
  query?: URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
  token?: string | null;
}

/** `pathOf` for any endpoint. */
const concretePath: (
  endpoint: { readonly path: string },
  params?: Readonly<Record<string, string | number>>,
) => string = pathOf;

/** The address of one call: the endpoint's path with its parameters, then the query string. */
function addressOf(endpoint: Endpoint, call: CheckedCall): string {
  const path = concretePath(endpoint, call.params);
  const query = call.query?.toString() ?? '';
  return query ? `${path}?${query}` : path;
}

function optionsOf(endpoint: Endpoint, call: CheckedCall): ApiRequestOptions {
  return { method: endpoint.method, body: call.body, signal: call.signal, token: call.token };
}

/**
 * Calls an endpoint of the table: its method and path, the call's parameters, query and body,
 * and the answer checked against the endpoint's contract (see `apiRequest`).
 */
export function apiCall<E extends Endpoint>(endpoint: E, call: EndpointCall<E>): Promise<EndpointAnswer<E>> {
  const checkedCall = call as CheckedCall;
  const schema =
    endpoint.response[200] ?? endpoint.response[201] ?? endpoint.response[202] ?? endpoint.response[204];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} answers no JSON`);
  return apiRequest(
    addressOf(endpoint, checkedCall),
    schema as SuccessSchema<E>,
    optionsOf(endpoint, checkedCall),
  );
}

/** Downloads what an endpoint that `produces` a file answers with (see `apiFile`). */
export function apiCallFile<E extends Endpoint & { readonly produces: string }>(
  endpoint: E,
  call: EndpointCall<E>,
): Promise<ApiFile> {
  const checkedCall = call as CheckedCall;
  return apiFile(addressOf(endpoint, checkedCall), endpoint.produces, optionsOf(endpoint, checkedCall));
}

/** Calls an endpoint that streams its `events` and hands each one to `onEvent` (see `apiEventStream`). */
export function apiCallStream<E extends Endpoint & { readonly events: z.ZodType }>(
  endpoint: E,
  call: EndpointCall<E>,
  onEvent: (event: z.output<EventSchema<E>>) => void,
): Promise<void> {
  const checkedCall = call as CheckedCall;
  const options = optionsOf(endpoint, checkedCall);
  return apiEventStream(
    addressOf(endpoint, checkedCall),
    endpoint.events as EventSchema<E>,
    { ...options, body: options.body },
    onEvent,
  );
}
