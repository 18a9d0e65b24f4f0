import type { Language } from '@summa/shared/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `prefixed`: the page also lives under /pt, /en and /es. */
const FOOTER_LINKS = [
  { key: 'terms', to: '/terms', prefixed: true },
  { key: 'privacy', to: '/privacy', prefixed: true },
  { key: 'faq', to: '/faq', prefixed: true },
  { key: 'contact', to: '/contact', prefixed: false },
] as const;

/**
 * The footer itself. `language`: a prerendered page's, whose links then stay in its language
 * (the prerender renders the disclosure, and the server leaves it out when there is no tag).
 */
export function FooterView({ affiliate, language }: { affiliate: boolean; language?: Language }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:px-6">
        <nav aria-label={t('common.footer.navLabel')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map(({ key, to, prefixed }) => (
              <li key={key}>
                <Link
                  to={language && prefixed ? `/${language}${to}` : to}
                  className="rounded hover:text-brand-700 hover:underline"
                >
                  {t(`common.footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {affiliate ? (
          <p className="text-xs text-stone-500" data-testid="affiliate-disclosure">
            {t('common.footer.affiliateDisclosure')}
          </p>
        ) : null}
        {/* Apart on one line when they fit, else the version on the next (issue 23: never touching). */}
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 text-xs text-stone-500">
          <p data-testid="copyright">{t('common.footer.copyright', { year: new Date().getFullYear() })}</p>
          {/* Spec §1: the version label shows on small screens only. */}
          <p className="sm:hidden" data-testid="version-label">
            {t('common.footer.version')}
          </p>
        </div>
      </div>
    </footer>
  );
}
