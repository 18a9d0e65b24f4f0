import { FREE_PLAN_LIMITS } from '@summa/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from './ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('generate.limit.title')}</DialogTitle>
          <DialogDescription>
            {kind === 'summary'
              ? t('generate.limit.body', { limit: FREE_PLAN_LIMITS.summariesPerMonth })
              : t('audio.limit.body', { limit: FREE_PLAN_LIMITS.audiosPerMonth })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('generate.limit.close')}
            </Button>
          </DialogClose>
          <Button asChild>
            <Link to="/plans">{t('generate.limit.goPremium')}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
