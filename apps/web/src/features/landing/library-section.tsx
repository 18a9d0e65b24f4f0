import type { Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { AuthCta } from './auth-cta';
import { SectionHeading } from './section-heading';

type BookKey =
  'atomicHabits' | 'thinkingFastSlow' | 'sapiens' | 'psychologyOfMoney' | 'mindset' | 'leanStartup';

/** Well-known books drawn as covers in CSS: no images are fetched from other sites. */
const BOOKS: readonly { key: BookKey; cover: string }[] = [
  { key: 'atomicHabits', cover: 'bg-brand-800' },
  { key: 'thinkingFastSlow', cover: 'bg-sky-800' },
  { key: 'sapiens', cover: 'bg-amber-800' },
  { key: 'psychologyOfMoney', cover: 'bg-emerald-800' },
  { key: 'mindset', cover: 'bg-rose-800' },
  { key: 'leanStartup', cover: 'bg-slate-800' },
];

export function LibrarySection({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="library-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <SectionHeading
        id="library-title"
        title={t('landing.library.title')}
        lead={t('landing.library.lead')}
      />
      <ul className="mx-auto mt-12 grid max-w-6xl grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {BOOKS.map(({ key, cover }) => (
          <li
            key={key}
            className={cn(
              'relative flex aspect-[3/4] flex-col justify-between overflow-hidden rounded-l-sm rounded-r-xl border-l-8 border-black/25 p-3 text-white shadow-md scheme-light sm:aspect-[2/3]',
              cover,
            )}
          >
            <p className="self-start rounded-md bg-white/15 px-2 py-0.5 text-[0.7rem] font-medium">
              {t(`landing.library.books.${key}.category`)}
            </p>
            <div>
              <h3 className="line-clamp-4 text-base leading-snug font-bold">
                {t(`landing.library.books.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm text-white/85">{t(`landing.library.books.${key}.author`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <AuthCta language={language} variant="primary">
          {t('landing.library.cta')}
        </AuthCta>
      </div>
    </section>
  );
}
