import { useQueryClient } from '@tanstack/react-query';
import { Crown, PencilLine, Sparkles } from 'lucide-react';
import { useContext, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';
import { currentLanguage } from '../../lib/i18n';
import { summaryGenerated } from '../../lib/invalidation';
import { ReaderProgressContext } from '../../lib/progress/progress-context';
import { BookDetailsDialog, type BookDetails } from './book-details-dialog';
import { BookSearchBox, type BookPick } from './book-search-box';
import { GenerationOverlay } from '../../components/generation/generation-overlay';
import { LimitDialog } from '../../components/limit-dialog';
import { useGeneration } from './use-generation';
import { useUsage } from './use-usage';

/** The book the summary will be generated for. `id` is the catalogue id when one was picked. */
export interface ChosenBook {
  id?: string;
  title: string;
  author: string;
}

/**
 * Explore's 'summarize this book' (and any link) can start here with
 * /home?title=…&author=…[&bookId=…]: the book comes already chosen.
 */
function chosenFromParams(params: URLSearchParams): ChosenBook | null {
  const title = params.get('title')?.trim() ?? '';
  const author = params.get('author')?.trim() ?? '';
  const id = params.get('bookId')?.trim() ?? '';
  if (!title || !author) return null;
  return id ? { id, title, author } : { title, author };
}

function BookChooser({
  initialText,
  initialChosen,
  busy,
  onGenerate,
  generateButtonRef,
}: {
  initialText: string;
  initialChosen: ChosenBook | null;
  busy: boolean;
  onGenerate: (book: ChosenBook) => void;
  generateButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authorId = useId();
  const [text, setText] = useState(initialText);
  // The book to summarize, or null until one is picked or confirmed.
  const [chosen, setChosen] = useState<ChosenBook | null>(initialChosen);
  const [details, setDetails] = useState<BookDetails | null>(null);

  const onValueChange = (value: string) => {
    setText(value);
    // Spec §4: editing the text clears the chosen book.
    setChosen(null);
  };

  const onPick = (pick: BookPick) => {
    if (pick.kind === 'text') {
      // The text is still the chosen book's title (Enter after a pick): generate it, as the button does.
      if (chosen && chosen.title === pick.text) onGenerate(chosen);
      else setDetails({ title: pick.text, author: '' });
      return;
    }
    const { suggestion } = pick;
    if (suggestion.source === 'history' && suggestion.id) {
      void navigate(`/summary/${encodeURIComponent(suggestion.id)}`);
      return;
    }
    setText(suggestion.title);
    if (!suggestion.id) {
      // No id: the book is not known well enough; ask for its title and author.
      setChosen(null);
      setDetails({ title: suggestion.title, author: suggestion.author });
      return;
    }
    setChosen({ id: suggestion.id, title: suggestion.title, author: suggestion.author });
  };

  // The dialog is the last step before generating: Confirm generates at once, as the button would.
  const onConfirm = ({ title, author }: BookDetails) => {
    setText(title);
    const book = { title, author };
    setChosen(book);
    setDetails(null);
    onGenerate(book);
  };

  // Spec §5: a title is required; without an author, the details dialog asks for it.
  const onGenerateClick = () => {
    if (chosen) {
      onGenerate(chosen);
      return;
    }
    const title = text.trim();
    if (!title) {
      toast.error(t('generate.bookTitleRequired'));
      return;
    }
    setDetails({ title, author: '' });
  };

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <BookSearchBox value={text} onValueChange={onValueChange} onPick={onPick} />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={authorId} className="text-sm font-medium text-stone-800">
          {t('search.home.authorLabel')}
        </label>
        <div className="flex gap-2">
          <Input
            id={authorId}
            readOnly
            value={chosen?.author ?? ''}
            placeholder={t('search.home.authorPlaceholder')}
            className="h-12"
          />
          {chosen ? (
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-12 shrink-0"
              aria-label={t('search.home.editDetails')}
              title={t('search.home.editDetails')}
              onClick={() => setDetails({ title: chosen.title, author: chosen.author })}
            >
              <PencilLine aria-hidden />
            </Button>
          ) : null}
        </div>
      </div>

      <Button
        ref={generateButtonRef}
        type="button"
        size="lg"
        className="h-12 text-base"
        disabled={busy}
        onClick={onGenerateClick}
      >
        <Sparkles aria-hidden />
        {busy ? t('generate.generating') : t('generate.button')}
      </Button>

      <BookDetailsDialog
        open={details !== null}
        onOpenChange={(open) => {
          if (!open) setDetails(null);
        }}
        initial={details ?? { title: '', author: '' }}
        onConfirm={onConfirm}
      />
    </section>
  );
}

/** `below`: what the route puts under the generator (the 'recommended by' section, app/home-route.tsx). */
export function HomePage({ below }: { below?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { usage } = useUsage(user?.id);
  const client = useQueryClient();
  const progressState = useContext(ReaderProgressContext);
  const [limitOpen, setLimitOpen] = useState(false);
  const generateButtonRef = useRef<HTMLButtonElement>(null);

  const { state, start, cancel } = useGeneration({
    onDone({ summaryId, cached, usage: next }) {
      summaryGenerated(client, next);
      if (!cached || next.summariesUsed !== usage?.summariesUsed) {
        toast.success(
          next.summariesLimit === null
            ? t('generate.successPremium')
            : t('generate.success', { used: next.summariesUsed, limit: next.summariesLimit }),
        );
      }
      void navigate(`/summary/${encodeURIComponent(summaryId)}`);
    },
    onRefused(error: ApiError) {
      if (error.code === 'SUMMARY_LIMIT_REACHED') {
        setLimitOpen(true);
        toast.error(t('generate.limit.toast'));
        return;
      }
      if (error.code === 'UNAUTHORIZED' || error.message.toLowerCase().includes('não autenticado')) {
        toast.error(t('generate.loginRequired'));
        void navigate('/auth');
        return;
      }
      toast.error(error.message || t('errors.GENERATION_FAILED'));
    },
    onFailed(_code, message) {
      // Spec §8: whenever the message says 'não autenticado', the reader has to sign in again.
      if (message.toLowerCase().includes('não autenticado')) {
        toast.error(t('generate.loginRequired'));
        void navigate('/auth');
        return;
      }
      toast.error(message || t('errors.GENERATION_FAILED'));
    },
  });

  const onGenerate = (book: ChosenBook) => {
    if (!user) {
      toast.error(t('generate.loginRequired'));
      void navigate('/auth');
      return;
    }
    start({
      ...(book.id ? { bookId: book.id } : {}),
      bookTitle: book.title,
      bookAuthor: book.author,
      language: currentLanguage(),
    });
  };

  const initialChosen = chosenFromParams(params);
  const initialText = initialChosen?.title ?? params.get('title')?.trim() ?? '';
  // The profile (GET /api/me, refreshed after an upgrade) decides once loaded; the usage until then.
  const profilePlan = progressState?.status === 'ready' ? progressState.me?.profile.plan : undefined;
  const premium = (profilePlan ?? usage?.plan) === 'premium';
  return (
    // Not the shared <Page>: home is a centred hero (spec §2 'Home page': the product name, a
    // tagline and the search box) with one heading, not a left-aligned title with a lead line.
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-14">
      <title>{`${t('pages.home.title')} · ${t('common.appName')}`}</title>
      <header className="flex flex-col items-center gap-2 text-center">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-widest text-brand-700 uppercase">
          {t('generate.productName')}
          {premium ? (
            <Badge className="gap-1 bg-amber-100 tracking-normal text-amber-900 normal-case">
              <Crown aria-hidden className="size-3.5" />
              {t('generate.premiumBadge')}
            </Badge>
          ) : null}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">
          {t('pages.home.title')}
        </h1>
        <p className="max-w-xl text-base text-balance text-stone-600 sm:text-lg">{t('generate.tagline')}</p>
      </header>
      <div className="flex flex-col gap-4">
        {/* A new ?title=&author= (a link followed while here) starts a fresh choice. */}
        <BookChooser
          key={`${initialText}\n${initialChosen?.author ?? ''}\n${initialChosen?.id ?? ''}`}
          initialText={initialText}
          initialChosen={initialChosen}
          busy={state.phase !== 'idle'}
          onGenerate={onGenerate}
          generateButtonRef={generateButtonRef}
        />
        {usage ? (
          <p className="text-center text-sm text-stone-600" data-testid="usage-line">
            {usage.summariesLimit === null
              ? t('generate.usagePremium')
              : t('generate.usageFree', { used: usage.summariesUsed, limit: usage.summariesLimit })}
          </p>
        ) : null}
      </div>
      {below}
      <GenerationOverlay
        state={state}
        returnFocusTo={generateButtonRef}
        onCancel={() => {
          cancel();
          toast(t('generate.overlay.cancelled'));
        }}
      />
      <LimitDialog open={limitOpen} onOpenChange={setLimitOpen} />
    </div>
  );
}
