import { FREE_PLAN_LIMITS } from '@summa/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionDialog } from './ui/action-dialog';
import { Button } from './ui/button';

/** Spec §2: the free plan's monthly limit of summaries or audios is reached; go Premium or close. */
export function LimitDialog({
  open,
  onOpenChange,
  kind = 'summary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind?: 'summary' | 'audio';
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('generate.limit.title')}
      description={
        kind === 'summary'
          ? t('generate.limit.body', { limit: FREE_PLAN_LIMITS.summariesPerMonth })
          : t('audio.limit.body', { limit: FREE_PLAN_LIMITS.audiosPerMonth })
      }
      closeLabel={t('generate.limit.close')}
      actions={
        <Button asChild>
          <Link to="/plans">{t('generate.limit.goPremium')}</Link>
        </Button>
      }
    />
  );
}
