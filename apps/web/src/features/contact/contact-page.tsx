import { contact } from '@summa/shared/i18n/resources/contact';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ContactForm } from './contact-form';
import { usePageTexts } from '../../lib/page-texts';

/** /contact: the contact form, for visitors and signed-in readers alike. */
export function ContactPage() {
  usePageTexts('contact', contact);
  const { t } = useTranslation();
  return (
    <Page title={t('pages.contact.title')} lead={t('pages.contact.lead')}>
      <ContactForm />
    </Page>
  );
}
