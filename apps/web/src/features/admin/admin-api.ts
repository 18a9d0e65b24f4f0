import type { AdminStatusResponse, AdminUser, CatalogImportResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const api = ENDPOINTS.admin;

/** Re-imports the shipped catalogue (admin only). */
export function importCatalog(): Promise<CatalogImportResponse> {
  return apiCall(api.importCatalog, {});
}

/** The summary model, with the cause of its failure (admin only). */
export function modelStatus(signal?: AbortSignal): Promise<AdminStatusResponse> {
  return apiCall(api.status, { signal });
}

/** While the model downloads or loads, the card looks again this often. */
export const MODEL_STATUS_REFRESH_MS = 3_000;

/** The summary model's state, looked at again every few seconds while it is on its way. */
export function modelStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.adminStatus,
    queryFn: ({ signal }) => modelStatus(signal),
    // A moment old is already old: the admin comes here to see it now.
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.llm.state;
      return state === 'downloading' || state === 'loading' ? MODEL_STATUS_REFRESH_MS : false;
    },
  });
}

/** The account with this e-mail, or null (admin only). */
export async function findUserByEmail(email: string): Promise<AdminUser | null> {
  return (await apiCall(api.findUser, { query: new URLSearchParams({ email }) })).user;
}

/** Grants or revokes Premium (admin only). */
export async function setPremiumGrant(userId: string, granted: boolean): Promise<AdminUser> {
  const endpoint = granted ? api.grantPremium : api.revokePremium;
  return (await apiCall(endpoint, { params: { id: userId } })).user;
}
