import type { Book, PickSource } from '@summa/shared';
import { BookmarkCheck, BookmarkPlus, ExternalLink, LoaderCircle, Quote } from 'lucide-react';
import type { ReactNode } from 'react';
import { BookCard } from '../../components/ui/book-card';
import { ReadSummaryLink } from '../../components/reading-list/read-summary-link';
import { Button } from '../../components/ui/button';
import { usePeopleTexts } from '../../lib/people-texts';
import { useLanguage } from '../../lib/use-language';
import { formatSourceDate } from './people-format';

/** Where and when the person recommended the book, with a link to it where its address is known. */
export function SourceLine({ source }: { source: PickSource }) {
  const { t } = usePeopleTexts();
  const language = useLanguage();
  const title = source.url ? (
    <a
      href={source.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {source.title}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">({t('shelf.openSource')})</span>
    </a>
  ) : (
    <span className="font-medium text-stone-800">{source.title}</span>
  );
  return (
    <p className="flex items-start gap-1.5 text-sm text-stone-600">
      <Quote aria-hidden className="mt-0.5 size-3.5 shrink-0 text-stone-400" />
      <span>
        <span className="sr-only">{t('shelf.source')}: </span>
        {t(`kinds.${source.kind}`)} · {title} ·{' '}
        <time dateTime={source.date}>{formatSourceDate(source.date, language)}</time>
      </span>
    </p>
  );
}

/** One book of a person's shelf with its source; `actions` are the reader's (none in a preview). */
export function PickCard({
  book,
  source,
  actions,
}: {
  book: Pick<Book, 'title' | 'author' | 'cover_url'>;
  source: PickSource;
  actions?: ReactNode;
}) {
  return (
    <BookCard
      book={book}
      className="gap-4 sm:p-4"
      coverClassName="w-20 sm:w-24"
      bodyClassName="gap-1.5"
      titleClassName="text-balance"
      testId="pick-card"
    >
      <SourceLine source={source} />
      {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div> : null}
    </BookCard>
  );
}

/** A reader's ways forward from a book: its summary and the reading list. */
export function PickActions({
  book,
  saved,
  busy,
  onToggleSave,
}: {
  book: Book;
  saved: boolean;
  busy: boolean;
  onToggleSave: () => void;
}) {
  const { t } = usePeopleTexts();
  let icon = <BookmarkPlus aria-hidden />;
  if (busy) icon = <LoaderCircle aria-hidden className="animate-spin" />;
  else if (saved) icon = <BookmarkCheck aria-hidden />;
  return (
    <>
      <ReadSummaryLink book={book} />
      <Button
        variant="outline"
        size="sm"
        aria-pressed={saved}
        disabled={busy}
        onClick={onToggleSave}
        className={saved ? 'border-brand-300 bg-brand-50 text-brand-900 hover:bg-brand-100' : undefined}
      >
        {icon}
        {saved ? t('shelf.saved') : t('shelf.save')}
      </Button>
    </>
  );
}
