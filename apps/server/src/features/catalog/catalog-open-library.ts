import { z } from 'zod';
import { text, type Language, type Suggestion } from '@summa/shared';
import type { SuggestionSource } from './catalog-search.service.js';

export interface OpenLibraryOptions {
  /** https://openlibrary.org in production; a local server in tests. */
  baseUrl: string;
  timeoutMs: number;
  log: { warn(details: object, message: string): void };
}

const searchResponse = z.object({
  docs: z.array(
    z.object({
      key: text(),
      // Text we pass on to readers: NUL or a lone surrogate makes the whole answer unusable (ignored).
      title: text(),
      author_name: z.array(text()).optional(),
      language: z.array(text()).optional(),
    }),
  ),
});

const MARC_LANGUAGE: Record<string, Language> = { por: 'pt', eng: 'en', spa: 'es' };
const MARC_CODE: Record<Language, string> = { pt: 'por', en: 'eng', es: 'spa' };

/**
 * Suggestions from Open Library's search API (OPEN_LIBRARY_SEARCH=on). Any failure (timeout,
 * HTTP error, unexpected body) is logged and gives no suggestions: the catalogue still answers.
 */
export function openLibrarySource(options: OpenLibraryOptions): SuggestionSource {
  return async (query: string, language: Language, limit: number): Promise<Suggestion[]> => {
    const url = new URL('/search.json', options.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('lang', language);
    url.searchParams.set('fields', 'key,title,author_name,language');
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new Error(`Open Library answered ${response.status}`);
      const body = searchResponse.parse(await response.json());
      return body.docs.flatMap((doc): Suggestion[] => {
        const author = doc.author_name?.[0];
        if (!author) return [];
        const languages = doc.language ?? [];
        const lang = languages.includes(MARC_CODE[language])
          ? language
          : (languages.map((code) => MARC_LANGUAGE[code]).find(Boolean) ?? 'en');
        return [
          {
            id: `openlibrary:${doc.key.replace(/^\/works\//, '')}`,
            title: doc.title,
            author,
            lang,
            // Not a catalogue book, so no cover of ours: Open Library's would have the reader's
            // browser ask another site (ADR 26), so the web draws the placeholder.
            cover_url: null,
            source: 'catalog',
          },
        ];
      });
    } catch (error) {
      options.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'Open Library search failed; answering from the catalogue only',
      );
      return [];
    }
  };
}
