import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Button } from '../../components/ui/button';

/** The Premium features of the summary page that a Free reader is told about. */
export type PremiumFeature = 'pdf' | 'translate';

const TEXTS = { pdf: 'summary.pdfDialog', translate: 'summary.translateDialog' } as const;

/** Explains that a feature belongs to Premium, with the way to the plans. */
export function PremiumDialog({
  feature,
  open,
  onOpenChange,
}: {
  feature: PremiumFeature;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={
        <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Crown aria-hidden className="size-5" />
        </span>
      }
      title={t(`${TEXTS[feature]}.title`)}
      description={t(`${TEXTS[feature]}.body`)}
      closeLabel={t('summary.pdfDialog.close')}
      actions={
        <Button asChild variant="accent">
          <Link to="/plans">{t('summary.pdfDialog.goPremium')}</Link>
        </Button>
      }
    />
  );
}
