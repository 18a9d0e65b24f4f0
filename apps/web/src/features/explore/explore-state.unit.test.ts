import { describe, expect, it } from 'vitest';
import {
  bookHref,
  booksQuery,
  changeExploreState,
  exploreSearchParams,
  readExploreState,
  summarizeHref,
} from './explore-state';

const read = (query: string) => readExploreState(new URLSearchParams(query));

describe('explore state in the URL', () => {
  it('reads every filter', () => {
    expect(read('q=habit&category=sleep&level=basic&lang=es&sort=az&page=3')).toEqual({
      q: 'habit',
      category: 'sleep',
      level: 'basic',
      lang: 'es',
      sort: 'az',
      page: 3,
    });
  });

  it('falls back to the defaults for unknown or malformed values', () => {
    expect(read('category=cooking&level=expert&lang=fr&sort=price&page=-2')).toEqual({
      q: '',
      category: null,
      level: null,
      lang: null,
      sort: 'recommended',
      page: 1,
    });
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(exploreSearchParams(read('')).toString()).toBe('');
    const state = read('q=a+b&category=tech&lang=pt&sort=trending&page=2');
    expect(exploreSearchParams(state).toString()).toBe('q=a+b&category=tech&lang=pt&sort=trending&page=2');
    expect(readExploreState(exploreSearchParams(state))).toEqual(state);
  });

  it('goes back to page 1 when a filter changes', () => {
    const state = read('category=tech&page=4');
    expect(changeExploreState(state, { level: 'basic' }).page).toBe(1);
    expect(changeExploreState(state, { page: 5 }).page).toBe(5);
  });

  it('asks the API for the page, its size, the sort and the interface language', () => {
    const query = new URLSearchParams(booksQuery(read('level=basic&page=2'), 'en', 24));
    expect(Object.fromEntries(query)).toEqual({
      level: 'basic',
      sort: 'recommended',
      page: '2',
      pageSize: '24',
      uiLang: 'en',
    });
  });

  it('starts a summary on the home page with the book chosen', () => {
    const href = summarizeHref({ id: 'b1', title: 'Rápido e Devagar', author: 'Daniel Kahneman' });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/home');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      title: 'Rápido e Devagar',
      author: 'Daniel Kahneman',
      bookId: 'b1',
    });
  });

  it("opens a book's existing summary, else starts one", () => {
    const book = { id: 'b1', title: 'Deep Work', author: 'Cal Newport' };
    expect(bookHref({ ...book, summary_id: 's1' })).toBe('/summary/s1');
    expect(bookHref({ ...book, summary_id: null })).toBe(summarizeHref(book));
    expect(bookHref(book)).toBe(summarizeHref(book));
  });
});
