import { faq } from '@summa/shared/i18n/resources/faq';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Island } from '../../components/island';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { serializeJsonLd } from '../../lib/seo';
import { FAQ_KEYS } from './faq-search';
import { FaqSearchPanel } from './faq-search-panel';
import { usePageTexts } from '../../lib/page-texts';

export function FaqPage() {
  usePageTexts('faq', faq);
  const { t } = useTranslation();
  const entries = FAQ_KEYS.map((key) => ({
    id: key,
    question: t(`faq.items.${key}.question`),
    answer: t(`faq.items.${key}.answer`),
  }));

  const jsonLd = serializeJsonLd({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  });

  return (
    <Page title={t('pages.faq.title')} lead={t('pages.faq.lead')} description={t('pages.faq.description')}>
      <script type="application/ld+json">{jsonLd}</script>
      <div className="max-w-3xl">
        <Island name="faq" props={{ entries }}>
          <FaqSearchPanel entries={entries} />
        </Island>

        <aside className="mt-10 rounded-2xl bg-brand-50 p-6" aria-labelledby="faq-more-title">
          <h2 id="faq-more-title" className="text-lg font-semibold text-stone-900">
            {t('faq.more.title')}
          </h2>
          <p className="mt-1 text-stone-700">{t('faq.more.text')}</p>
          <Button asChild variant="primary" className="mt-4">
            <Link to="/contact">{t('faq.more.cta')}</Link>
          </Button>
        </aside>
      </div>
    </Page>
  );
}
