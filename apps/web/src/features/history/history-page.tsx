import { FREE_HISTORY_LIMIT } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { Crown, History, LoaderCircle, SearchX, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { ReadingListPanel } from '../../components/reading-list/reading-list-panel';
import { Button, buttonVariants } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { historyQuery } from './history-api';
import { HistoryEntry, HistoryEntrySkeleton } from './history-item';

/** The pause after the last keystroke before the search runs. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 250;
const SKELETON_ITEMS = 4;

/** The tab of the reader's saved books (`/history?tab=reading-list`; the profile links there). */
const READING_LIST_TAB = 'reading-list';

/** `/history`: the reader's summaries (a tab) and their reading list (another). */
export function HistoryPage() {
  const { t } = useTranslation();
  const { t: tPeople } = usePeopleTexts();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === READING_LIST_TAB ? READING_LIST_TAB : 'summaries';
  return (
    <Page title={t('pages.history.title')} lead={t('pages.history.lead')}>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === READING_LIST_TAB ? { tab: value } : {}, { replace: true })
        }
        className="flex max-w-3xl flex-col gap-4"
      >
        <TabsList className="self-start">
          <TabsTrigger value="summaries">{tPeople('readingList.summariesTab')}</TabsTrigger>
          <TabsTrigger value={READING_LIST_TAB}>{tPeople('readingList.tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="summaries">
          <SummariesHistory />
        </TabsContent>
        <TabsContent value={READING_LIST_TAB}>
          <ReadingListPanel />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** The reader's summaries, newest first, searchable; the free plan sees the latest 20. */
function SummariesHistory() {
  const { t } = useTranslation();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  // A newer search aborts the older one; the last list stays on screen while the next one loads.
  const history = useQuery(historyQuery(q));
  const view = queryView(history);
  // One clock per render pass so every row's relative date agrees.
  const [now] = useState(() => new Date());

  // The search follows the field after a short pause; it lives in the URL so back keeps it.
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setParams(next ? { q: next } : {}, { replace: true });
    }, HISTORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const clearSearch = () => {
    setText('');
    setParams({}, { replace: true });
  };

  const data = history.data;
  let results: ReactNode;
  if (view === 'error') {
    results = (
      <LoadError
        title={t('history.error.title')}
        body={t('history.error.body')}
        retryLabel={t('history.error.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (!data) {
    results = (
      <LoadingSkeleton
        testId="history-skeleton"
        className="flex flex-col gap-3"
        list
        count={SKELETON_ITEMS}
        item={<HistoryEntrySkeleton />}
      />
    );
  } else if (data.items.length === 0 && q) {
    results = (
      <StateMessage
        icon={<SearchX aria-hidden className="size-10 text-stone-400" />}
        title={t('history.noResults.title')}
        body={t('history.noResults.body', { query: q })}
        action={
          <Button variant="outline" onClick={clearSearch}>
            {t('history.noResults.clear')}
          </Button>
        }
      />
    );
  } else if (data.items.length === 0) {
    results = (
      <StateMessage
        icon={<History aria-hidden className="size-10 text-stone-400" />}
        title={t('history.empty.title')}
        body={t('history.empty.body')}
        action={
          <Link to="/home" className={buttonVariants({ variant: 'primary' })}>
            <Sparkles aria-hidden />
            {t('history.empty.cta')}
          </Link>
        }
      />
    );
  } else {
    results = (
      <ul className="flex flex-col gap-3">
        {data.items.map((item) => (
          <li key={item.summaryId}>
            <HistoryEntry item={item} now={now} />
          </li>
        ))}
      </ul>
    );
  }

  // Nothing to search before the first summary; otherwise the field stays, loading included.
  const showSearch = !(data && data.total === 0 && !q && !text);

  return (
    <div className="flex flex-col gap-4">
      {showSearch ? (
        <div role="search">
          <SearchInput
            id={searchId}
            label={t('history.searchLabel')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('history.searchPlaceholder')}
            maxLength={200}
            end={
              history.isFetching && data ? (
                <LoaderCircle
                  aria-hidden
                  className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600"
                  data-testid="history-searching"
                />
              ) : null
            }
          />
        </div>
      ) : null}

      {data?.limited ? (
        <p
          className="flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
          data-testid="history-limited"
        >
          <span className="flex items-start gap-2">
            <Crown aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('history.limited.body', { limit: FREE_HISTORY_LIMIT })}
          </span>
          <Link
            to="/plans"
            className="shrink-0 font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-700"
          >
            {t('history.limited.cta')}
          </Link>
        </p>
      ) : null}

      <section
        aria-label={t('history.listLabel')}
        aria-busy={history.isFetching}
        className="flex flex-col gap-3"
      >
        <p className="text-sm font-medium text-stone-600" aria-live="polite">
          {!history.isPlaceholderData && data && data.items.length > 0
            ? t('history.count', { count: data.total })
            : null}
        </p>
        {results}
      </section>
    </div>
  );
}
