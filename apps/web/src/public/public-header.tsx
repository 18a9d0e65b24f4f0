import { LANGUAGES, type Language } from '@summa/shared/languages';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../components/ui/button';
import { cn } from '../lib/utils';

/**
 * The app header as a visitor sees it, for the prerendered pages: the logo, the language menu and
 * sign-in. The language menu is a native disclosure of links to the page in each language, so it
 * works before (and without) any script; public-entry.ts only closes it on Escape and outside clicks.
 */
export function PublicHeader({
  language,
  pathIn,
}: {
  language: Language;
  pathIn: (language: Language) => string;
}) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a
          href={`/${language}`}
          className="flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-brand-900"
        >
          <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
          <span>{t('common.appName')}</span>
        </a>
        <div className="flex items-center">
          <nav className="flex items-center gap-1 sm:gap-2" aria-label={t('common.nav.header')}>
            <details className="relative" data-language-menu>
              <summary
                className={cn(
                  buttonVariants({ variant: 'ghost', size: 'sm' }),
                  'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
                )}
                aria-label={t('common.language.current', { code: language.toUpperCase() })}
              >
                <Globe aria-hidden />
                <span className="uppercase">{language}</span>
              </summary>
              <ul className="absolute right-0 z-50 mt-1.5 min-w-48 overflow-hidden rounded-xl border border-stone-200 bg-white p-1 text-stone-800 shadow-lg">
                {LANGUAGES.map((option) => (
                  <li key={option}>
                    <a
                      href={pathIn(option)}
                      lang={option}
                      hrefLang={option}
                      aria-current={option === language ? 'page' : undefined}
                      className="relative flex items-center gap-2 rounded-lg py-2 pr-3 pl-8 text-sm outline-none select-none hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50 focus-visible:text-brand-800"
                    >
                      {/* The app's menu marks the current language with the same dot. */}
                      {option === language ? (
                        <span className="absolute left-3 size-2 rounded-full bg-brand-600" aria-hidden />
                      ) : null}
                      {t(`common.language.${option}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
            <a href={`/auth?lang=${language}`} className={buttonVariants({ variant: 'primary', size: 'sm' })}>
              {t('common.nav.signIn')}
            </a>
          </nav>
        </div>
      </div>
    </header>
  );
}
