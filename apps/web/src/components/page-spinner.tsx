import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
