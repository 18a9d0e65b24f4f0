import { CATEGORIES, LEVELS, SORTS, type Category, type Level, type Sort } from '@summa/shared';
import { isLanguage, type Language } from '@summa/shared/languages';

/** Everything an Explore view depends on; it lives in the URL so a view can be shared. */
export interface ExploreState {
  q: string;
  category: Category | null;
  level: Level | null;
  lang: Language | null;
  sort: Sort;
  page: number;
}

export const DEFAULT_SORT: Sort = 'recommended';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the view from the URL; unknown or malformed values fall back to the defaults. */
export function readExploreState(params: URLSearchParams): ExploreState {
  const page = Number(params.get('page'));
  const lang = params.get('lang');
  return {
    q: params.get('q')?.trim() ?? '',
    category: oneOf(CATEGORIES, params.get('category')),
    level: oneOf(LEVELS, params.get('level')),
    lang: isLanguage(lang) ? lang : null,
    sort: oneOf(SORTS, params.get('sort')) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL search params of a view, leaving defaults out so links stay short. */
export function exploreSearchParams(state: ExploreState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.level) params.set('level', state.level);
  if (state.lang) params.set('lang', state.lang);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A new view from `state`: any change other than the page starts again at page 1. */
export function changeExploreState(state: ExploreState, changes: Partial<ExploreState>): ExploreState {
  return { ...state, page: 1, ...changes };
}

/** The query string of `GET /api/catalog/books` for a view. */
export function booksQuery(state: ExploreState, uiLang: Language, pageSize: number): string {
  const params = exploreSearchParams({ ...state, page: 1 });
  params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('pageSize', String(pageSize));
  params.set('uiLang', uiLang);
  return params.toString();
}

/** The query string of the category counts and the random pick: the filters that apply to them. */
export function filtersQuery(
  state: Pick<ExploreState, 'category' | 'level' | 'lang'>,
  uiLang?: Language,
): string {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.level) params.set('level', state.level);
  if (state.lang) params.set('lang', state.lang);
  if (uiLang) params.set('uiLang', uiLang);
  return params.toString();
}

export { bookHref, summarizeHref } from '../../lib/book-links';
