import { describe, expect, it } from 'vitest';
import { amazonSearchUrl } from './amazon-link';

const habits = { title: 'Atomic Habits', author: 'James Clear', isbn13: '9780735211292' };

describe('amazonSearchUrl (issue 23)', () => {
  it.each([
    ['pt', 'https://www.amazon.com.br/s?k=9780735211292&i=stripbooks&tag=summa-20'],
    ['en', 'https://www.amazon.com/s?k=9780735211292&i=stripbooks&tag=summa-20'],
    ['es', 'https://www.amazon.com.mx/s?k=9780735211292&i=stripbooks&tag=summa-20'],
  ] as const)('searches the %s store by ISBN, with the tag', (language, url) => {
    expect(amazonSearchUrl(habits, language, 'summa-20')).toBe(url);
  });

  it('searches by title and author, encoded, when the book has no ISBN', () => {
    const url = new URL(
      amazonSearchUrl(
        { title: 'Cem Anos de Solidão & Outros', author: ' Gabriel  García Márquez', isbn13: null },
        'pt',
        'summa-20',
      ),
    );
    expect(url.origin).toBe('https://www.amazon.com.br');
    expect(url.searchParams.get('k')).toBe('Cem Anos de Solidão & Outros Gabriel García Márquez');
    expect(url.searchParams.get('tag')).toBe('summa-20');
    expect([...url.searchParams.keys()]).toEqual(['k', 'i', 'tag']);
  });
});
