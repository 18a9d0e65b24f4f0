import type { Summary } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { BookX, History, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';
import { useAwardXpOnView } from '../../lib/progress/use-award-xp';
import { queryView } from '../../lib/query-client';
import { usageQuery } from '../../lib/usage-api';
import { AudioPlayer } from './audio/audio-player';
import { FeedbackForm } from './feedback-form';
import { KeepOffline } from './keep-offline';
import { RelatedBooks } from './related-books';
import { BuyOnAmazon } from './buy-on-amazon';
import { SummaryActions } from './summary-actions';
import { summaryQuery } from './summary-api';
import './summary-print.css';
import { SummaryHeading } from '../../components/summary/summary-heading';
import { SummarySections } from '../../components/summary/summary-sections';

/** An unknown id (404), or one the server cannot even read as an id (400). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || error.status === 400 || error.code === 'NOT_FOUND')
  );
}

function SummarySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12" aria-busy>
      <LoadingSkeleton testId="summary-skeleton" className="flex gap-4 sm:gap-6" label={t('summary.loading')}>
        <div className="aspect-[2/3] w-24 shrink-0 animate-pulse rounded-md bg-stone-200 sm:w-32" />
        <div className="flex flex-1 flex-col gap-3 py-1">
          <div className="h-3 w-20 animate-pulse rounded bg-stone-200" />
          <div className="h-8 w-4/5 animate-pulse rounded bg-stone-200" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-stone-200" />
          <div className="h-5 w-24 animate-pulse rounded-full bg-stone-100" />
        </div>
      </LoadingSkeleton>
      <div className="mt-10 flex flex-col gap-4" aria-hidden>
        <div className="h-6 w-40 animate-pulse rounded bg-stone-200" />
        <div className="h-16 animate-pulse rounded-2xl bg-stone-100" />
        <div className="h-6 w-32 animate-pulse rounded bg-stone-200" />
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-20 animate-pulse rounded-2xl bg-stone-100" />
        ))}
      </div>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('summary.notFound.title')}>
      <div className="flex flex-col items-start gap-5 rounded-2xl border border-dashed border-stone-300 bg-white p-6 sm:p-8">
        <BookX aria-hidden className="size-10 text-stone-400" />
        <p className="max-w-xl text-stone-700">{t('summary.notFound.body')}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/history" className={buttonVariants({ variant: 'primary' })}>
            <History aria-hidden />
            {t('summary.notFound.history')}
          </Link>
          <Link to="/home" className={buttonVariants({ variant: 'outline' })}>
            <Sparkles aria-hidden />
            {t('summary.notFound.home')}
          </Link>
        </div>
      </div>
    </Page>
  );
}

function SummaryLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.summary.title')}>
      <LoadError
        title={t('summary.error.title')}
        body={t('summary.error.body')}
        retryLabel={t('summary.error.retry')}
        onRetry={onRetry}
      />
    </Page>
  );
}

function SummaryView({ summary, premium }: { summary: Summary; premium: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The summary is on screen: a read (the server awards it once per reader and summary).
  useAwardXpOnView('read_summary', summary.id);
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0"
      data-summary-print
    >
      <title>{`${summary.title} · ${t('common.appName')}`}</title>
      <SummaryHeading summary={summary}>
        <BuyOnAmazon book={summary} />
      </SummaryHeading>

      <div className="mt-6">
        <SummaryActions summary={summary} premium={premium} />
      </div>

      <div className="mt-6">
        <AudioPlayer
          key={`${summary.id}:${summary.language}`}
          summaryId={summary.id}
          language={summary.language}
          title={summary.title}
          author={summary.author}
          coverUrl={summary.cover_url}
          limited={!premium}
        />
      </div>

      {user ? (
        <div className="mt-4">
          <KeepOffline summary={summary} owner={user.id} />
        </div>
      ) : null}

      <article className="mt-10">
        <SummarySections content={summary.content} />
      </article>

      <div className="mt-14 flex flex-col gap-12">
        <FeedbackForm key={summary.id} summaryId={summary.id} given={summary.feedback} />
        <RelatedBooks books={summary.related} />
      </div>
    </div>
  );
}

/** `/summary/:id`: one summary with its actions, related books and the reader's feedback. */
export function SummaryPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const summary = useQuery(summaryQuery(id));
  const usage = useQuery(usageQuery());

  // The server's current plan decides; the session's copy stands in until (or unless) it answers.
  const plan = usage.data?.plan ?? user?.plan ?? 'free';

  // Another summary's id shows the skeleton, not the last summary, while it loads.
  const view = queryView(summary);
  if (view === 'error') {
    return isNotFound(summary.error) ? (
      <NotFound />
    ) : (
      <SummaryLoadError onRetry={() => void summary.refetch()} />
    );
  }
  if (!summary.data) return <SummarySkeleton />;
  return <SummaryView summary={summary.data} premium={plan === 'premium'} />;
}
