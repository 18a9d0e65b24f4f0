import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function CurationPeoplePage() {
  const { t } = useTranslation();
  return <Page title={t('pages.curationPeople.title')} lead={t('pages.curationPeople.lead')} />;
}
