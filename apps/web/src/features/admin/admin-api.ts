import { catalogImportResponseSchema, type CatalogImportResponse } from '@summa/shared';
import { apiRequest } from '../../lib/api-client';

/** `POST /api/admin/catalog/import` (admin only): re-imports the shipped catalogue. */
export function importCatalog(): Promise<CatalogImportResponse> {
  return apiRequest('/api/admin/catalog/import', catalogImportResponseSchema, { method: 'POST' });
}
