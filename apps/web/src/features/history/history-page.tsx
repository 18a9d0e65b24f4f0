import { FREE_HISTORY_LIMIT } from '@summa/shared';
import { CircleAlert, Crown, History, LoaderCircle, RotateCw, Search, SearchX, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button, buttonVariants } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useResource } from '../../lib/use-resource';
import { fetchHistory } from './history-api';
import { HistoryEntry, HistoryEntrySkeleton } from './history-item';

/** The pause after the last keystroke before the search runs. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 250;
const SKELETON_ITEMS = 4;

/** `/history`: the reader's summaries, newest first, searchable; the free plan sees the latest 20. */
export function HistoryPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  // A newer search aborts the older one; the last list stays on screen while the next one loads.
  const history = useResource(q, (signal) => fetchHistory(q, signal));
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
  if (history.status === 'error') {
    results = (
      <StateMessage
        role="alert"
        icon={<CircleAlert aria-hidden className="size-10 text-red-500" />}
        title={t('history.error.title')}
        body={t('history.error.body')}
        action={
          <Button variant="outline" onClick={history.retry}>
            <RotateCw aria-hidden />
            {t('history.error.retry')}
          </Button>
        }
      />
    );
  } else if (!data) {
    results = (
      <>
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <ul className="flex flex-col gap-3" aria-hidden data-testid="history-skeleton">
          {Array.from({ length: SKELETON_ITEMS }, (_, index) => (
            <li key={index}>
              <HistoryEntrySkeleton />
            </li>
          ))}
        </ul>
      </>
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
    <Page title={t('pages.history.title')} lead={t('pages.history.lead')}>
      <div className="flex max-w-3xl flex-col gap-4">
        {showSearch ? (
          <div role="search" className="flex flex-col gap-1.5">
            <label htmlFor={searchId} className="text-sm font-medium text-stone-800">
              {t('history.searchLabel')}
            </label>
            <div className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
              />
              <Input
                id={searchId}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('history.searchPlaceholder')}
                autoComplete="off"
                maxLength={200}
                className="pr-10 pl-9"
              />
              {history.status === 'loading' && data ? (
                <LoaderCircle
                  aria-hidden
                  className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600"
                  data-testid="history-searching"
                />
              ) : null}
            </div>
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
          aria-busy={history.status === 'loading'}
          className="flex flex-col gap-3"
        >
          <p className="text-sm font-medium text-stone-600" aria-live="polite">
            {history.status === 'ready' && data && data.items.length > 0
              ? t('history.count', { count: data.total })
              : null}
          </p>
          {results}
        </section>
      </div>
    </Page>
  );
}
