import { QueryClient, type DefaultOptions, type UseQueryResult } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from './api-client';

/** How long an answer counts as fresh: a screen opened again within it shows it without asking. */
export const STALE_TIME_MS = 30_000;
/** How long an answer no screen shows is kept, for the next screen that wants it. */
export const GC_TIME_MS = 5 * 60_000;
/** Transient failures (no answer, a gateway, a server briefly unavailable) are tried again this often. */
export const QUERY_RETRIES = 2;

/**
 * Worth another try: no answer at all, or a gateway or server that was briefly unavailable.
 * A refusal (4xx) or a bug (500) gives the same answer again. The 401 is not here: the API client
 * renews the session and sends the request again itself, once (api-client.ts).
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === NETWORK_ERROR || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * The web app's server-state defaults, set here once: what is fresh, what is kept, and what is
 * tried again. Changes are never retried (a POST may have happened).
 */
export function queryDefaults(): DefaultOptions {
  return {
    queries: {
      staleTime: STALE_TIME_MS,
      gcTime: GC_TIME_MS,
      retry: (failures, error) => failures < QUERY_RETRIES && isTransient(error),
      retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
    },
    mutations: { retry: false },
  };
}

/** A client with the app's defaults; `overrides` (tests) replace some of them. */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  const defaults = queryDefaults();
  return new QueryClient({
    defaultOptions: {
      queries: { ...defaults.queries, ...overrides.queries },
      mutations: { ...defaults.mutations, ...overrides.mutations },
    },
  });
}

/** The app's one query client (AppLayout provides it; sign-out and a change of reader clear it). */
export const queryClient = createQueryClient();

/**
 * What a screen shows for a query: 'ready' once it has an answer for its key (kept while it is
 * read again in the background), 'error' when it has none and failed (not while it is tried
 * again), else 'loading'.
 */
export function queryView(
  query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching'>,
): 'ready' | 'error' | 'loading' {
  if (query.data !== undefined) return 'ready';
  return query.isError && !query.isFetching ? 'error' : 'loading';
}
