import type { SummaryPreview } from '@summa/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../components/ui/book-cover';
import { Button } from '../../components/ui/button';
import { authPathFor } from '../../lib/auth/return-target';
import { useLanguage } from '../../lib/use-language';

/**
 * A shared summary as a visitor sees it before signing up (issue 24): the book, its one-liner and
 * a sign-up that comes back to the summary (the `next` of /auth, kept through /welcome).
 */
export function SummaryPreviewPage({ preview }: { preview: SummaryPreview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const back = authPathFor(`/summary/${encodeURIComponent(preview.id)}`);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${preview.title} · ${t('common.appName')}`}</title>
      <article className="flex flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-xs sm:flex-row sm:p-8">
        <BookCover src={preview.cover_url} className="w-28 shrink-0 self-start sm:w-36" eager />
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{preview.title}</h1>
          <p className="text-stone-600">{preview.author}</p>
          <div className="rounded-xl bg-brand-50 p-4">
            <p className="text-xs font-semibold text-brand-800">{t('landing.hero.preview.oneLinerLabel')}</p>
            <p className="mt-1 text-stone-900" data-testid="summary-preview-one-liner">
              {preview.oneLiner}
            </p>
          </div>
          <p className="text-stone-700">{t('summary.preview.lead')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="accent" size="lg">
              <Link to={`${back}&mode=signup&lang=${language}`} data-testid="summary-preview-cta">
                {t('landing.hero.cta')}
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to={`${back}&lang=${language}`}>{t('common.nav.signIn')}</Link>
            </Button>
          </div>
        </div>
      </article>
    </div>
  );
}
