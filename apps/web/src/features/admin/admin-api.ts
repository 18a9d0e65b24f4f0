import {
  adminStatusResponseSchema,
  adminUserResponseSchema,
  adminUserSearchResponseSchema,
  type AdminUser,
  catalogImportResponseSchema,
  type AdminStatusResponse,
  type CatalogImportResponse,
} from '@summa/shared';
import { apiRequest } from '../../lib/api-client';

/** `POST /api/admin/catalog/import` (admin only): re-imports the shipped catalogue. */
export function importCatalog(): Promise<CatalogImportResponse> {
  return apiRequest('/api/admin/catalog/import', catalogImportResponseSchema, { method: 'POST' });
}

/** `GET /api/admin/status` (admin only): the summary model, with the cause of its failure. */
export function modelStatus(signal?: AbortSignal): Promise<AdminStatusResponse> {
  return apiRequest('/api/admin/status', adminStatusResponseSchema, signal ? { signal } : {});
}

/** `GET /api/admin/users?email=` (admin only): the account with this e-mail, or null. */
export async function findUserByEmail(email: string): Promise<AdminUser | null> {
  const query = new URLSearchParams({ email });
  return (await apiRequest(`/api/admin/users?${query.toString()}`, adminUserSearchResponseSchema)).user;
}

/** `POST` or `DELETE /api/admin/users/:id/premium` (admin only): grants or revokes Premium. */
export async function setPremiumGrant(userId: string, granted: boolean): Promise<AdminUser> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}/premium`;
  const answer = await apiRequest(path, adminUserResponseSchema, { method: granted ? 'POST' : 'DELETE' });
  return answer.user;
}
