import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function ContactPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.contact.title')} lead={t('pages.contact.lead')} />;
}
