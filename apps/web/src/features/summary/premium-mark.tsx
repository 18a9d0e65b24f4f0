import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The crown beside an action that is Premium only (the screen-reader note is the action's own). */
export function PremiumMark() {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 p-1 text-amber-800"
      title={t('summary.actions.premiumOnly')}
      aria-hidden
    >
      <Crown className="size-3" />
    </span>
  );
}
