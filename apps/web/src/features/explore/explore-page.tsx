import { EXPLORE_DEFAULT_PAGE_SIZE, type Book } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, SearchX, Shuffle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button } from '../../components/ui/button';
import { BusyButton } from '../../components/ui/busy-button';
import { currentLanguage } from '../../lib/i18n';
import { logWarning } from '../../lib/logger';
import { queryView } from '../../lib/query-client';
import { BookCard, BookCardSkeleton } from './book-card';
import { catalogBooksQuery, categoriesQuery, fetchRandomBook } from './catalog-api';
import { CategoryList } from './category-list';
import { ExploreFilters, ExploreSearchForm, SortSelect } from './explore-filters';
import {
  changeExploreState,
  exploreSearchParams,
  readExploreState,
  type ExploreState,
} from './explore-state';
import { SurpriseDialog } from './surprise-dialog';

const PAGE_SIZE = EXPLORE_DEFAULT_PAGE_SIZE;
const SKELETON_CARDS = 6;

export function ExplorePage() {
  const { t } = useTranslation();
  const uiLang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const state = readExploreState(params);
  const resultsRef = useRef<HTMLElement>(null);

  const [surprise, setSurprise] = useState<Book | null>(null);
  const [surpriseBusy, setSurpriseBusy] = useState(false);

  // Quick successive changes (level, then language, then sort) must build on each other even
  // before the URL they produced has been rendered, so the latest unrendered state is kept here.
  const pending = useRef<ExploreState | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const apply = (changes: Partial<ExploreState>) => {
    const next = changeExploreState(pending.current ?? state, changes);
    pending.current = next;
    setParams(exploreSearchParams(next));
  };

  const books = useQuery(catalogBooksQuery(state, uiLang, PAGE_SIZE));
  const booksView = queryView(books);
  const categories = useQuery(categoriesQuery(state));

  const total = books.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goToPage = (page: number) => {
    apply({ page });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const drawSurprise = async () => {
    setSurpriseBusy(true);
    try {
      const { book } = await fetchRandomBook(state, uiLang);
      if (book) setSurprise(book);
      else toast(t('search.explore.surpriseEmpty'));
    } catch (error) {
      logWarning('random book could not be loaded', error);
      toast.error(t('common.toast.error'), { description: t('common.toast.tryAgain') });
    } finally {
      setSurpriseBusy(false);
    }
  };

  const filtered = Boolean(state.q || state.category || state.level || state.lang);

  let results: ReactNode;
  if (booksView === 'error') {
    results = (
      <LoadError
        title={t('search.explore.errorTitle')}
        body={t('search.explore.errorBody')}
        retryLabel={t('search.explore.retry')}
        onRetry={() => void books.refetch()}
      />
    );
  } else if (!books.data) {
    results = (
      <LoadingSkeleton
        testId="explore-skeleton"
        className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2"
        list
        count={SKELETON_CARDS}
        item={<BookCardSkeleton />}
      />
    );
  } else if (books.data.books.length === 0) {
    results = (
      <StateMessage
        icon={<SearchX className="size-10 text-stone-400" aria-hidden />}
        title={t('search.explore.emptyTitle')}
        body={t('search.explore.emptyBody')}
        action={
          filtered ? (
            <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
              {t('search.explore.clearFilters')}
            </Button>
          ) : null
        }
      />
    );
  } else {
    results = (
      <>
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
          {books.data.books.map((book) => (
            <li key={book.id}>
              <BookCard book={book} />
            </li>
          ))}
        </ul>
        <nav
          aria-label={t('search.explore.pagination')}
          className="mt-6 flex items-center justify-between gap-3"
        >
          <Button
            variant="outline"
            size="sm"
            disabled={state.page <= 1}
            onClick={() => goToPage(state.page - 1)}
          >
            <ChevronLeft aria-hidden />
            {t('search.explore.previous')}
          </Button>
          <p className="text-sm text-stone-600 tabular-nums" aria-live="polite">
            {t('search.explore.pageOf', { page: state.page, pages })}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={state.page >= pages}
            onClick={() => goToPage(state.page + 1)}
          >
            {t('search.explore.next')}
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      </>
    );
  }

  return (
    <Page title={t('pages.explore.title')} lead={t('pages.explore.lead')}>
      {/* One column that may shrink below its content on phones, so a long card cannot widen the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2">
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* Keyed on the URL's text so the back button also resets the field. */}
            <ExploreSearchForm key={state.q} initial={state.q} onSearch={(q) => apply({ q })} />
            <BusyButton
              variant="accent"
              className="shrink-0"
              onClick={() => void drawSurprise()}
              disabled={surpriseBusy}
              busy={surpriseBusy}
              icon={<Shuffle aria-hidden />}
            >
              {t('search.explore.surprise')}
            </BusyButton>
          </div>
          <ExploreFilters
            level={state.level}
            lang={state.lang}
            onLevel={(level) => apply({ level })}
            onLang={(lang) => apply({ lang })}
          />
        </div>

        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-20">
            <CategoryList
              categories={categories.data?.categories}
              selected={state.category}
              onSelect={(category) => apply({ category })}
            />
          </div>
        </div>

        <section
          ref={resultsRef}
          aria-label={t('search.explore.resultsLabel')}
          aria-busy={booksView === 'loading'}
          className="min-w-0 scroll-mt-20 lg:col-start-2"
        >
          <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <p className="text-sm font-medium text-stone-600" aria-live="polite">
              {booksView === 'ready' ? t('search.explore.results', { count: total }) : null}
            </p>
            <SortSelect sort={state.sort} onSort={(sort) => apply({ sort })} />
          </div>
          {results}
        </section>
      </div>

      <SurpriseDialog
        book={surprise}
        busy={surpriseBusy}
        onAnother={() => void drawSurprise()}
        onClose={() => setSurprise(null)}
      />
    </Page>
  );
}
