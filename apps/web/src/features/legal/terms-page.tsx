import { legal } from '@summa/shared/i18n/resources/legal';
import { useTranslation } from 'react-i18next';
import { LegalDocument } from './legal-document';
import { usePageTexts } from '../../lib/page-texts';

const TERMS_SECTIONS = [
  'service',
  'accounts',
  'plans',
  'acceptableUse',
  'aiContent',
  'intellectualProperty',
  'liability',
  'changes',
  'contact',
] as const;

export function TermsPage() {
  usePageTexts('legal', legal);
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('pages.terms.title')}
      lead={t('pages.terms.lead')}
      description={t('pages.terms.description')}
      intro={t('legal.terms.intro')}
      sections={TERMS_SECTIONS.map((key) => ({
        id: `terms-${key}`,
        title: t(`legal.terms.sections.${key}.title`),
        body: t(`legal.terms.sections.${key}.body`),
      }))}
    />
  );
}
