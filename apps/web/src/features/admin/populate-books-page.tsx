import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function PopulateBooksPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.populateBooks.title')} lead={t('pages.populateBooks.lead')} />;
}
