import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';

export function RankingPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.ranking.title')} lead={t('pages.ranking.lead')} />;
}
