import { Crown } from 'lucide-react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderProgressContext } from '../../lib/progress/progress-context';

/** Spec §1: a Premium reader's badge in the header (a crown alone on phones); nothing otherwise. */
export function HeaderPremiumBadge() {
  const { t } = useTranslation();
  const state = useContext(ReaderProgressContext);
  if (state?.status !== 'ready' || state.me?.profile.plan !== 'premium') return null;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-accent-300 bg-amber-50 px-1.5 py-1 text-xs font-semibold text-amber-900 sm:px-2 sm:py-0.5"
      data-testid="header-premium-badge"
      title={t('plans.badgeLabel')}
    >
      <Crown aria-hidden className="size-3.5" />
      <span className="sr-only sm:not-sr-only">{t('plans.badge')}</span>
    </span>
  );
}
