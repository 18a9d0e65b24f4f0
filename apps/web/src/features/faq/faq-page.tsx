import { ChevronDown, SearchX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { filterFaq } from './faq-search';

/** Spec §2: the FAQ has 15 questions, in this order. */
const FAQ_KEYS = [
  'whatIs',
  'howMade',
  'languages',
  'freePlan',
  'premium',
  'prices',
  'cancel',
  'audio',
  'levels',
  'streaks',
  'ranking',
  'privacy',
  'pdf',
  'accuracy',
  'contact',
] as const;

function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function FaqPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();

  const entries = FAQ_KEYS.map((key) => ({
    id: key,
    question: t(`faq.items.${key}.question`),
    answer: t(`faq.items.${key}.answer`),
  }));
  const visible = filterFaq(entries, query);

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
        <search>
          <SearchInput
            id={searchId}
            label={t('faq.search.label')}
            className="gap-2"
            inputClassName="h-12 pr-12 sm:text-base"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('faq.search.placeholder')}
            aria-describedby={`${searchId}-count`}
            end={
              query ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-1/2 right-1 -translate-y-1/2"
                  onClick={() => setQuery('')}
                  aria-label={t('faq.search.clear')}
                >
                  <X aria-hidden />
                </Button>
              ) : null
            }
          />
          <p id={`${searchId}-count`} className="mt-2 text-sm text-stone-600" aria-live="polite">
            {t('faq.search.count', { count: visible.length, total: entries.length })}
          </p>
        </search>

        {visible.length > 0 ? (
          <ul className="mt-6 divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
            {visible.map(({ id, question, answer }) => (
              <li key={id}>
                <details className="group" data-testid="faq-item">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 focus-visible:outline-offset-[-2px] text-left font-semibold text-stone-900 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
                    <span>{question}</span>
                    <ChevronDown
                      className="size-5 shrink-0 text-stone-500 transition-transform group-open:rotate-180"
                      aria-hidden
                    />
                  </summary>
                  <p className="px-5 pb-5 text-stone-700">{answer}</p>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
            <SearchX className="size-10 text-stone-400" aria-hidden />
            <h2 className="text-lg font-semibold text-stone-900">{t('faq.empty.title')}</h2>
            <p className="text-stone-600">{t('faq.empty.text')}</p>
            <Button type="button" variant="outline" onClick={() => setQuery('')}>
              {t('faq.search.clear')}
            </Button>
          </div>
        )}

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
