import type { Summary } from '@summa/shared';
import { Award, Languages, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge';
import { BookCover } from '../ui/book-cover';

export type SummaryHeadingBook = Pick<
  Summary,
  'title' | 'author' | 'language' | 'category' | 'cover_url' | 'editorial'
>;

/**
 * A summary's heading: the cover, the title (the page's <h1>, or an <h2> under a page's own), the
 * author and its badges (the language, the category, the editors' badge of an editorial
 * summary); `children` go below.
 */
export function SummaryHeading({
  summary,
  level = 1,
  children,
}: {
  summary: SummaryHeadingBook;
  level?: 1 | 2;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex gap-4 sm:gap-6">
      <BookCover src={summary.cover_url} className="w-24 sm:w-32 print:w-24" eager />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t('pages.summary.title')}
        </p>
        <Title className="text-2xl font-bold tracking-tight break-words text-stone-900 sm:text-4xl">
          {summary.title}
        </Title>
        <p className="text-base text-stone-700 sm:text-lg" data-testid="summary-author">
          {summary.author}
        </p>
        <div className="flex flex-wrap gap-2">
          <Badge variant="brand" title={t('summary.languageLabel')}>
            <Languages aria-hidden />
            <span className="sr-only">{`${t('summary.languageLabel')}: `}</span>
            <span data-testid="summary-language">{t(`common.language.${summary.language}`)}</span>
          </Badge>
          {summary.category ? (
            <Badge variant="outline">
              <Tag aria-hidden />
              {t(`catalog.categories.${summary.category}`)}
            </Badge>
          ) : null}
          {summary.editorial ? (
            <Badge variant="accent" title={t('summary.editorial')} data-testid="summary-editorial">
              <Award aria-hidden />
              {t('catalog.badges.editors')}
              <span className="sr-only">{`: ${t('summary.editorial')}`}</span>
            </Badge>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
