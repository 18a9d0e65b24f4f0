import { legal } from '@summa/shared/i18n/resources/legal';
import { useTranslation } from 'react-i18next';
import { LegalDocument } from './legal-document';
import { usePageTexts } from '../../lib/page-texts';

const PRIVACY_SECTIONS = [
  'data',
  'purposes',
  'legalBases',
  'retention',
  'sharing',
  'rights',
  'cookies',
  'contact',
] as const;

export function PrivacyPage() {
  usePageTexts('legal', legal);
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('pages.privacy.title')}
      lead={t('pages.privacy.lead')}
      description={t('pages.privacy.description')}
      intro={t('legal.privacy.intro')}
      sections={PRIVACY_SECTIONS.map((key) => ({
        id: `privacy-${key}`,
        title: t(`legal.privacy.sections.${key}.title`),
        body: t(`legal.privacy.sections.${key}.body`),
      }))}
      // Where most rights are exercised (the rights section says how).
      action={{ to: '/settings#account', label: t('legal.privacy.accountCta') }}
    />
  );
}
