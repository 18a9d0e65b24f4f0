import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function PremiumWelcomePage() {
  const { t } = useTranslation();
  return <Page title={t('pages.premiumWelcome.title')} lead={t('pages.premiumWelcome.lead')} />;
}
