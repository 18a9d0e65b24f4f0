import { ChevronDown, SearchX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { filterFaq, type FaqEntry } from './faq-search';

/**
 * The FAQ's search box and questions: the page's interactive part (an island of the prerendered
 * FAQ). `initialQuery`: what a visitor typed before the island came to life.
 */
export function FaqSearchPanel({
  entries,
  initialQuery = '',
}: {
  entries: readonly FaqEntry[];
  initialQuery?: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const searchId = useId();
  const visible = filterFaq(entries, query);

  return (
    <>
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
    </>
  );
}
