import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { useLanguage } from '../../lib/use-language';
import { useDemo } from './use-demo';
import { DemoCallToAction, DemoHead, DemoNarration, DemoView } from './demo-view';

/**
 * /demo in the app (in-app navigation, a signed-in reader): an editorial summary to read and
 * hear without an account, and a way to sign up. Visitors who open it get it prerendered
 * (demo-public-page.tsx), with the same view.
 */
export function DemoPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = useDemo(language);
  const { demo } = state;
  if (!demo && state.failed) {
    return (
      <Page title={t('pages.demo.title')} description={t('pages.demo.intro')}>
        <LoadError
          title={t('pages.demo.errorTitle')}
          body={t('pages.demo.errorBody')}
          retryLabel={t('pages.demo.retry')}
          onRetry={state.refresh}
        />
      </Page>
    );
  }
  if (!demo) {
    return (
      <Page title={t('pages.demo.title')} description={t('pages.demo.intro')} lead={t('pages.demo.lead')}>
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
  return (
    <>
      <DemoHead language={language} summary={demo.summary} />
      <DemoView
        summary={demo.summary}
        narration={<DemoNarration {...state} />}
        callToAction={<DemoCallToAction language={language} summaryId={demo.summary.id} />}
      />
    </>
  );
}
