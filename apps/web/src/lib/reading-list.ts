import type { Book, ReadingListResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import type { Language } from '@summa/shared/languages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { readingListChanged } from './invalidation';
import { queryKeys } from './query-keys';

const api = ENDPOINTS.readingList;

/** The reader's saved books, newest first, titled in `language`. */
export function readingListQuery(language: Language) {
  return queryOptions({
    queryKey: queryKeys.readingList(language),
    queryFn: ({ signal }): Promise<ReadingListResponse> =>
      apiCall(api.list, { query: new URLSearchParams({ language }), signal }),
  });
}

/**
 * Which books are on the reading list, and saving or taking one off (each change reads the list
 * again). `pendingId` is the book whose change is under way.
 */
export function useReadingList(language: Language) {
  const client = useQueryClient();
  const list = useQuery(readingListQuery(language));
  const change = useMutation({
    mutationFn: ({ book, save }: { book: Pick<Book, 'id'>; save: boolean }) =>
      apiCall(save ? api.save : api.remove, { params: { bookId: book.id } }),
    onSettled: () => readingListChanged(client),
  });
  const saved = new Set(list.data?.items.map((item) => item.book.id));
  return {
    list,
    isSaved: (bookId: string) => saved.has(bookId),
    /** Saves the book, or takes it off when `save` is false; rejects with the server's refusal. */
    change: (book: Pick<Book, 'id'>, save: boolean) => change.mutateAsync({ book, save }),
    pendingId: change.isPending ? change.variables.book.id : null,
  };
}
