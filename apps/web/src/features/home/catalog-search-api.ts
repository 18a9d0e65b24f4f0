import { SEARCH_MAX_LIMIT, type CatalogSearchRequest, type Suggestion } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { apiCall } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';

/**
 * The catalogue's search (DESIGN.md, API surface): up to 8 suggestions for the typed text, in the
 * interface language. Rejects on any failure; an abort rejects with the signal's reason. Not a
 * query: each keystroke asks anew (debounced, the older request aborted), and the suggestions
 * include the reader's own history.
 */
export async function searchCatalog(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const body: CatalogSearchRequest = { query, lang: currentLanguage(), limit: SEARCH_MAX_LIMIT };
  const data = await apiCall(ENDPOINTS.catalog.search, { body, signal });
  return data.books.slice(0, SEARCH_MAX_LIMIT);
}
