import type { DemoResponse, SummaryContent } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { FREE_PLAN_LIMITS } from '@summa/shared/plans';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NarrationControls, NarrationFrame } from '../../components/audio/narration-controls';
import { PageMeta } from '../../components/page-meta';
import { SummaryHeading, type SummaryHeadingBook } from '../../components/summary/summary-heading';
import { SummarySections } from '../../components/summary/summary-sections';
import { Button, buttonVariants } from '../../components/ui/button';
import { demoAuthPath } from './demo-links';

/** What the page shows of the demo's summary: the app's from GET /api/demo, the prerender's from the data file. */
export type DemoSummaryView = SummaryHeadingBook & { content: SummaryContent };

/** /demo in each language, and /demo itself (the visitor's language). */
export const demoPath = (language: Language) => `/${language}/demo`;

/** Title, description, canonical and alternates, social tags: React 19 hoists them into <head>. */
export function DemoHead({ language, summary }: { language: Language; summary: DemoSummaryView }) {
  const { t } = useTranslation();
  const title = `${t('pages.demo.title')}: ${summary.title} · ${t('common.appName')}`;
  const description = `${t('pages.demo.intro')} ${summary.content.oneLiner}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <PageMeta
        language={language}
        pathIn={demoPath}
        defaultPath="/demo"
        title={title}
        description={description}
      />
    </>
  );
}

/**
 * The sign-up invitation, whose links come back to the demo's summary in the app after sign-up
 * (or sign-in). Plain links: /auth is the app's, and the prerendered page has no client router.
 */
export function DemoCallToAction({ language, summaryId }: { language: Language; summaryId?: string }) {
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
        <a
          href={demoAuthPath(language, summaryId, 'signup')}
          className={buttonVariants({ variant: 'accent', size: 'lg' })}
          data-testid="demo-signup"
          data-auth-mode="signup"
        >
          <Sparkles aria-hidden />
          {t('pages.demo.ctaButton')}
        </a>
        <a
          href={demoAuthPath(language, summaryId, 'login')}
          className={buttonVariants({ variant: 'outline' })}
          data-auth-mode="login"
        >
          {t('pages.demo.ctaLogin')}
        </a>
      </div>
    </section>
  );
}

/** A line of the narration's card while there is no player: loading, being made, or failed. */
function NarrationStatus({ children, failed = false }: { children: ReactNode; failed?: boolean }) {
  return (
    <p
      role={failed ? 'alert' : 'status'}
      className="flex flex-wrap items-center gap-2 text-sm text-stone-700"
    >
      {failed ? null : <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {children}
    </p>
  );
}

/** The demo's narration: its player once made; until then what is happening. */
export function DemoNarration({
  demo,
  failed,
  refresh,
}: {
  demo: DemoResponse | undefined;
  failed: boolean;
  refresh: () => void;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (demo?.audio) {
    const { summary, audio } = demo;
    body = (
      <NarrationControls
        parts={audio.parts}
        totalParts={audio.parts.length}
        preparing={false}
        onRefresh={refresh}
        subject={{
          summaryId: summary.id,
          language: summary.language,
          title: summary.title,
          author: summary.author,
          coverUrl: summary.cover_url,
        }}
      />
    );
  } else if (demo) {
    body = <NarrationStatus>{t('pages.demo.narrationPreparing')}</NarrationStatus>;
  } else if (failed) {
    body = (
      <NarrationStatus failed>
        {t('pages.demo.narrationError')}
        <Button size="sm" variant="outline" onClick={refresh}>
          {t('pages.demo.retry')}
        </Button>
      </NarrationStatus>
    );
  } else {
    body = <NarrationStatus>{t('pages.demo.narrationLoading')}</NarrationStatus>;
  }
  return <NarrationFrame>{body}</NarrationFrame>;
}

/**
 * /demo: the intro, the editorial summary, its narration and the sign-up invitation. The page
 * gives the narration and the invitation: the app's from its answer, the prerendered page's as
 * islands (ADR 0027); the rest is the same view.
 */
export function DemoView({
  summary,
  narration,
  callToAction,
}: {
  summary: DemoSummaryView;
  narration: ReactNode;
  callToAction: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8 border-b border-stone-200 pb-6" data-testid="demo-intro">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {t('pages.demo.title')}
        </h1>
        <p className="mt-2 text-lg text-stone-600">{t('pages.demo.intro')}</p>
      </header>
      <SummaryHeading summary={summary} level={2} />
      <div className="mt-6">{narration}</div>
      <article className="mt-10">
        <SummarySections content={summary.content} />
      </article>
      <div className="mt-14">{callToAction}</div>
    </div>
  );
}
