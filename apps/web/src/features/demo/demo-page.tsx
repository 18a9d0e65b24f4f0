import type { DemoResponse, Language } from '@summa/shared';
import { FREE_PLAN_LIMITS } from '@summa/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NarrationControls, NarrationFrame } from '../../components/audio/narration-controls';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { SummaryHeading } from '../../components/summary/summary-heading';
import { SummarySections } from '../../components/summary/summary-sections';
import { buttonVariants } from '../../components/ui/button';
import { RETURN_PARAM } from '../../lib/auth/return-target';
import { currentLanguage } from '../../lib/i18n';
import { queryView } from '../../lib/query-client';
import { demoQuery } from './demo-api';

/** /auth in the visitor's language, signing up (or in), then back to the same summary in the app. */
function authPath(language: Language, summaryId: string, mode: 'signup' | 'login'): string {
  const params = new URLSearchParams({ lang: language, [RETURN_PARAM]: `/summary/${summaryId}` });
  if (mode === 'signup') params.set('mode', 'signup');
  return `/auth?${params.toString()}`;
}

function SignUpCallToAction({ language, summaryId }: { language: Language; summaryId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-8"
      data-testid="demo-cta"
    >
      <h2 id={headingId} className="text-xl font-bold text-stone-900 sm:text-2xl">
        {t('pages.demo.ctaTitle')}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700">
        {t('pages.demo.ctaBody', {
          summaries: FREE_PLAN_LIMITS.summariesPerMonth,
          audios: FREE_PLAN_LIMITS.audiosPerMonth,
        })}
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link
          to={authPath(language, summaryId, 'signup')}
          className={buttonVariants({ variant: 'accent', size: 'lg' })}
          data-testid="demo-signup"
        >
          <Sparkles aria-hidden />
          {t('pages.demo.ctaButton')}
        </Link>
        <Link to={authPath(language, summaryId, 'login')} className={buttonVariants({ variant: 'outline' })}>
          {t('pages.demo.ctaLogin')}
        </Link>
      </div>
    </section>
  );
}

function DemoNarration({ demo, onRefresh }: { demo: DemoResponse; onRefresh: () => void }) {
  const { t } = useTranslation();
  const { summary, audio } = demo;
  return (
    <NarrationFrame>
      {audio ? (
        <NarrationControls
          parts={audio.parts}
          totalParts={audio.parts.length}
          preparing={false}
          onRefresh={onRefresh}
          subject={{
            summaryId: summary.id,
            language: summary.language,
            title: summary.title,
            author: summary.author,
            coverUrl: summary.cover_url,
          }}
        />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('pages.demo.narrationPreparing')}
        </p>
      )}
    </NarrationFrame>
  );
}

function DemoView({
  demo,
  language,
  onRefresh,
}: {
  demo: DemoResponse;
  language: Language;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const { summary } = demo;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('pages.demo.title')}: ${summary.title} · ${t('common.appName')}`}</title>
      <header className="mb-8 border-b border-stone-200 pb-6" data-testid="demo-intro">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {t('pages.demo.title')}
        </h1>
        <p className="mt-2 text-lg text-stone-600">{t('pages.demo.intro')}</p>
      </header>
      <SummaryHeading summary={summary} level={2} />
      <div className="mt-6">
        <DemoNarration demo={demo} onRefresh={onRefresh} />
      </div>
      <article className="mt-10">
        <SummarySections content={summary.content} />
      </article>
      <div className="mt-14">
        <SignUpCallToAction language={language} summaryId={summary.id} />
      </div>
    </div>
  );
}

/** /demo: an editorial summary to read and hear without an account, and a way to sign up. */
export function DemoPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const demo = useQuery(demoQuery(language));
  const view = queryView(demo);
  if (view === 'error') {
    return (
      <Page title={t('pages.demo.title')}>
        <LoadError
          title={t('pages.demo.errorTitle')}
          body={t('pages.demo.errorBody')}
          retryLabel={t('pages.demo.retry')}
          onRetry={() => void demo.refetch()}
        />
      </Page>
    );
  }
  if (!demo.data) {
    return (
      <Page title={t('pages.demo.title')} lead={t('pages.demo.lead')}>
        <LoadingSkeleton
          testId="demo-skeleton"
          className="flex flex-col gap-4"
          label={t('pages.demo.loading')}
        >
          <div className="h-8 w-3/5 animate-pulse rounded bg-stone-200" />
          <div className="h-24 animate-pulse rounded-2xl bg-stone-100" />
          <div className="h-40 animate-pulse rounded-2xl bg-stone-100" />
        </LoadingSkeleton>
      </Page>
    );
  }
  return <DemoView demo={demo.data} language={language} onRefresh={() => void demo.refetch()} />;
}
