import type { Book } from '@summa/shared';
import { Shuffle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../components/ui/book-cover';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Button } from '../../components/ui/button';
import { BookBadges, BookFacts } from './book-badges';
import { bookHref } from './explore-state';

interface SurpriseDialogProps {
  book: Book | null;
  busy: boolean;
  onAnother: () => void;
  onClose: () => void;
}

/** The 'surprise me' pick: one random book, with a way to read or summarize it, or draw another. */
export function SurpriseDialog({ book, busy, onAnother, onClose }: SurpriseDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={book !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        <>
          <Sparkles className="size-5 text-accent-500" aria-hidden />
          {t('search.explore.surpriseTitle')}
        </>
      }
      // Three buttons side by side on a laptop: 'Resumir este livro' and 'Resumir este libro' need
      // the room (issue 23); the footer wraps them should a language need more.
      className="sm:max-w-xl"
      titleClassName="flex items-center gap-2"
      description={t('search.explore.surpriseDescription')}
      closeLabel={t('search.explore.close')}
      closeVariant="ghost"
      actions={
        <>
          <Button type="button" variant="outline" onClick={onAnother} disabled={busy}>
            <Shuffle aria-hidden />
            {t('search.explore.surpriseAgain')}
          </Button>
          {book ? (
            <Button asChild>
              <Link to={bookHref(book)}>
                {t(book.summary_id ? 'search.explore.readSummary' : 'search.explore.summarize')}
              </Link>
            </Button>
          ) : null}
        </>
      }
    >
      {book ? (
        <div className="flex gap-4" data-testid="surprise-book" aria-busy={busy}>
          <BookCover src={book.cover_url} className="w-24" eager />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-lg leading-snug font-semibold text-stone-900">{book.title}</p>
            <p className="text-sm text-stone-600">{book.author}</p>
            <BookFacts book={book} />
            <div className="pt-2">
              <BookBadges book={book} />
            </div>
          </div>
        </div>
      ) : null}
    </ActionDialog>
  );
}
