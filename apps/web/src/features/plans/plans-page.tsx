import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function PlansPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.plans.title')} lead={t('pages.plans.lead')} />;
}
