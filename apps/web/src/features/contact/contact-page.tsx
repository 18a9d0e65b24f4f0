import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { ContactForm } from './contact-form';

/** /contact: the contact form, for visitors and signed-in readers alike. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.contact.title')} lead={t('pages.contact.lead')}>
      <ContactForm />
    </Page>
  );
}
