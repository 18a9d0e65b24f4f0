import type { StatusResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/status: the public status, which carries the server's settings the web follows. */
export function fetchPublicStatus(signal?: AbortSignal): Promise<StatusResponse> {
  return apiCall(ENDPOINTS.health.status, { signal, token: null });
}

/** The public status, read once per visit (the settings in it change only with a restart). */
export function publicStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.status,
    queryFn: ({ signal }) => fetchPublicStatus(signal),
    staleTime: Infinity,
  });
}

/**
 * The Amazon Associates tag of the store links (AMAZON_ASSOCIATE_TAG on the server); null while
 * unknown, when the status cannot be read, and when the server has none: then there are no store
 * links and no affiliate disclosure.
 */
export function useAmazonAssociateTag(): string | null {
  const { data } = useQuery(publicStatusQuery());
  return data?.amazonAssociateTag ?? null;
}
