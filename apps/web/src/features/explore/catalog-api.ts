import {
  categoriesResponseSchema,
  exploreResponseSchema,
  randomBookResponseSchema,
  type CategoriesResponse,
  type ExploreResponse,
  type RandomBookResponse,
} from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { apiRequest } from '../../lib/api-client';
import { booksQuery, filtersQuery, type ExploreState } from './explore-state';

/** `GET /api/catalog/books`: one page of the catalogue for a view. */
export function fetchBooks(
  state: ExploreState,
  uiLang: Language,
  pageSize: number,
  signal: AbortSignal,
): Promise<ExploreResponse> {
  return apiRequest(`/api/catalog/books?${booksQuery(state, uiLang, pageSize)}`, exploreResponseSchema, {
    signal,
  });
}

/** `GET /api/catalog/categories`: every category with its number of books under the filters. */
export function fetchCategories(
  state: Pick<ExploreState, 'level' | 'lang'>,
  signal: AbortSignal,
): Promise<CategoriesResponse> {
  const query = filtersQuery({ category: null, level: state.level, lang: state.lang });
  return apiRequest(`/api/catalog/categories${query ? `?${query}` : ''}`, categoriesResponseSchema, {
    signal,
  });
}

/** `GET /api/catalog/random` ('surprise me'): one book under the filters, or null when none. */
export function fetchRandomBook(
  state: Pick<ExploreState, 'category' | 'level' | 'lang'>,
  uiLang: Language,
): Promise<RandomBookResponse> {
  return apiRequest(`/api/catalog/random?${filtersQuery(state, uiLang)}`, randomBookResponseSchema);
}
