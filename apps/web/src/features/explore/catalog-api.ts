import type { CategoriesResponse, ExploreResponse, RandomBookResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import type { Language } from '@summa/shared/languages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { booksQuery, filtersQuery, type ExploreState } from './explore-state';

const api = ENDPOINTS.catalog;

/** One page of the catalogue for a view. */
export function fetchBooks(
  state: ExploreState,
  uiLang: Language,
  pageSize: number,
  signal: AbortSignal,
): Promise<ExploreResponse> {
  return apiCall(api.books, { query: new URLSearchParams(booksQuery(state, uiLang, pageSize)), signal });
}

/** Every category with its number of books under the filters. */
export function fetchCategories(
  state: Pick<ExploreState, 'level' | 'lang'>,
  signal: AbortSignal,
): Promise<CategoriesResponse> {
  const query = filtersQuery({ category: null, level: state.level, lang: state.lang });
  return apiCall(api.categories, { query: new URLSearchParams(query), signal });
}

/**
 * 'Surprise me': one book under the filters, or null when none. Not a query: every draw asks
 * anew, for another book.
 */
export function fetchRandomBook(
  state: Pick<ExploreState, 'category' | 'level' | 'lang'>,
  uiLang: Language,
): Promise<RandomBookResponse> {
  return apiCall(api.random, { query: new URLSearchParams(filtersQuery(state, uiLang)) });
}

/** One page of the catalogue for a view, in the interface language. */
export function catalogBooksQuery(state: ExploreState, uiLang: Language, pageSize: number) {
  return queryOptions({
    queryKey: queryKeys.catalogBooks(booksQuery(state, uiLang, pageSize), uiLang),
    queryFn: ({ signal }) => fetchBooks(state, uiLang, pageSize, signal),
  });
}

/** The category counts under the level and language filters; the last counts stay meanwhile. */
export function categoriesQuery(state: Pick<ExploreState, 'level' | 'lang'>) {
  return queryOptions({
    queryKey: queryKeys.catalogCategories(state.level, state.lang),
    queryFn: ({ signal }) => fetchCategories(state, signal),
    placeholderData: keepPreviousData,
  });
}
