import {
  adminStatusResponseSchema,
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
