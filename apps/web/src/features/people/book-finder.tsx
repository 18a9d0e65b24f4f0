import { SEARCH_MAX_LIMIT, type Suggestion } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { BookCover } from '../../components/ui/book-cover';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { apiCall } from '../../lib/api-client';
import { usePeopleTexts } from '../../lib/people-texts';
import { useLanguage } from '../../lib/use-language';

/** A catalogue book chosen for a shelf (the search's suggestion, catalogue books only). */
export type FoundBook = Pick<Suggestion, 'id' | 'title' | 'author' | 'cover_url'>;

/** Finds catalogue books by title or author for the curation form; `exclude` are on the shelf already. */
export function BookFinder({ onPick, exclude }: { onPick: (book: FoundBook) => void; exclude: Set<string> }) {
  const { t } = usePeopleTexts();
  const language = useLanguage();
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (text: string) =>
      apiCall(ENDPOINTS.catalog.search, { body: { query: text, lang: language, limit: SEARCH_MAX_LIMIT } }),
  });
  const found = search.data?.books.filter((book) => book.source === 'catalog' && !exclude.has(book.id));

  const find = () => {
    if (query.trim().length >= 2) search.mutate(query.trim());
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-stone-300 p-3">
      {/* Not a form: it sits inside the person's form, and Enter here finds books instead of saving. */}
      <div className="flex flex-col gap-1.5" role="search">
        <Label htmlFor={id}>{t('curation.findBook')}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              find();
            }}
            placeholder={t('curation.findBookPlaceholder')}
            maxLength={200}
          />
          <Button
            type="button"
            onClick={find}
            variant="outline"
            size="icon"
            className="size-11 shrink-0"
            aria-label={t('curation.findBook')}
          >
            {search.isPending ? (
              <LoaderCircle aria-hidden className="animate-spin" />
            ) : (
              <Search aria-hidden />
            )}
          </Button>
        </div>
      </div>
      {found && found.length === 0 ? <p className="text-sm text-stone-600">{t('curation.noBooks')}</p> : null}
      {found && found.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-live="polite">
          {found.map((book) => (
            <li key={book.id}>
              <button
                type="button"
                onClick={() => onPick(book)}
                aria-label={t('curation.addBook', { title: book.title })}
                className="flex w-full items-center gap-3 rounded-lg p-1.5 text-left hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <BookCover src={book.cover_url} className="w-8" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium text-stone-900">{book.title}</span>
                  <span className="truncate text-xs text-stone-600">{book.author}</span>
                </span>
                <Plus aria-hidden className="size-4 shrink-0 text-brand-700" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
