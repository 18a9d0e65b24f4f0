import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function DemoPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.demo.title')} lead={t('pages.demo.lead')} />;
}
