import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { currentLanguage } from '../../lib/i18n';
import { HeaderProgress } from '../gamification/header-progress';
import { Button } from '../ui/button';
import { LanguageSwitcher } from './language-switcher';
import { HeaderPremiumBadge } from './premium-badge';
import { UserMenu } from './user-menu';

export function Header() {
  const { t } = useTranslation();
  const { session } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to={session ? '/home' : `/${currentLanguage()}`}
          className="flex items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-brand-900"
        >
          <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
          {/* Signed in on the narrowest phones, the logo alone leaves room for the progress. */}
          <span className={session ? 'max-[389px]:sr-only' : undefined}>{t('common.appName')}</span>
        </Link>
        {/* Signed in, the progress may shrink; signed out, the sign-in button keeps its width. */}
        <div className={session ? 'flex min-w-0 items-center gap-2 sm:gap-4' : 'flex items-center'}>
          {session ? <HeaderPremiumBadge /> : null}
          {session ? <HeaderProgress /> : null}
          <nav className="flex items-center gap-1 sm:gap-2" aria-label={t('common.nav.header')}>
            <LanguageSwitcher />
            {session ? (
              <UserMenu email={session.user.email} />
            ) : (
              <Button asChild variant="primary" size="sm">
                <Link to={`/auth?lang=${currentLanguage()}`}>{t('common.nav.signIn')}</Link>
              </Button>
            )}
          </nav>
        </div>
      </div>
    </header>
  );
}
