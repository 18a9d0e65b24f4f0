import {
  catalogSearchResponseSchema,
  SEARCH_MAX_LIMIT,
  type CatalogSearchRequest,
  type Suggestion,
} from '@summa/shared';
import { apiRequest } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';

/**
 * `POST /api/catalog/search` (DESIGN.md, API surface): up to 8 suggestions for the typed text,
 * in the interface language. Rejects on any failure; an abort rejects with the signal's reason.
 */
export async function searchCatalog(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const body: CatalogSearchRequest = { query, lang: currentLanguage(), limit: SEARCH_MAX_LIMIT };
  const data = await apiRequest('/api/catalog/search', catalogSearchResponseSchema, { body, signal });
  return data.books.slice(0, SEARCH_MAX_LIMIT);
}
