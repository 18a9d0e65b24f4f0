import type { Book } from '@summa/shared';
import { Shuffle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../components/ui/book-cover';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
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
    <Dialog
      open={book !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-accent-500" aria-hidden />
            {t('search.explore.surpriseTitle')}
          </DialogTitle>
          <DialogDescription>{t('search.explore.surpriseDescription')}</DialogDescription>
        </DialogHeader>
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
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              {t('search.explore.close')}
            </Button>
          </DialogClose>
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
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
