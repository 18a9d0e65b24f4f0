import type { Book } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { StateMessage } from '../../components/state-message';
import { ApiError } from '../../lib/api-client';
import { logWarning } from '../../lib/logger';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { useReadingList } from '../../lib/reading-list';
import { toast } from '../../lib/toast';
import { useLanguage } from '../../lib/use-language';
import { personQuery } from './people-api';
import { countryName } from './people-format';
import { PersonPortrait } from './person-portrait';
import { PickActions, PickCard } from './pick-card';

function BackLink() {
  const { t } = usePeopleTexts();
  return (
    <Link
      to="/people"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('shelf.back')}
    </Link>
  );
}

/** `/people/:slug`: a person's bio and the books they recommended, each with its source. */
export function PeopleShelfPage() {
  const { t } = usePeopleTexts();
  const { t: tApp } = useTranslation();
  const language = useLanguage();
  const slug = useParams().slug ?? '';
  const person = useQuery(personQuery(slug, language));
  const readingList = useReadingList(language);

  const toggle = async (book: Book) => {
    const save = !readingList.isSaved(book.id);
    try {
      await readingList.change(book, save);
      toast.success(save ? t('shelf.savedToast') : t('shelf.removedToast'));
    } catch (error) {
      logWarning('reading list change failed', error);
      toast.error(error instanceof ApiError ? error.message : tApp('common.toast.tryAgain'));
    }
  };

  const view = queryView(person);
  let content: ReactNode;
  if (view === 'error' && person.error instanceof ApiError && person.error.status === 404) {
    content = (
      <StateMessage
        icon={<UserX aria-hidden className="size-10 text-stone-400" />}
        title={t('shelf.notFoundTitle')}
        body={t('shelf.notFoundBody')}
        action={null}
      />
    );
  } else if (view === 'error') {
    content = (
      <LoadError
        title={t('shelf.errorTitle')}
        body={t('list.errorBody')}
        retryLabel={t('list.retry')}
        onRetry={() => void person.refetch()}
      />
    );
  } else if (!person.data) {
    content = (
      <LoadingSkeleton testId="shelf-skeleton" className="flex flex-col gap-4">
        <div className="flex items-center gap-4">
          <div className="size-20 animate-pulse rounded-full bg-stone-200" />
          <div className="h-8 w-1/2 animate-pulse rounded bg-stone-200" />
        </div>
        <div className="h-16 animate-pulse rounded-xl bg-stone-100" />
        <div className="h-36 animate-pulse rounded-2xl bg-stone-100" />
      </LoadingSkeleton>
    );
  } else {
    const { person: shown } = person.data;
    content = (
      <>
        <title>{`${shown.name} · ${tApp('common.appName')}`}</title>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <PersonPortrait slug={shown.slug} initials={shown.initials} className="size-20 text-2xl" />
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{shown.name}</h1>
            <p className="text-stone-600">
              {t(`fields.${shown.field}`)} · {countryName(shown.country, language)}
            </p>
          </div>
        </header>
        <p className="max-w-3xl text-lg text-stone-700">{shown.bio}</p>
        <section aria-labelledby="shelf-heading" className="flex flex-col gap-3">
          <h2 id="shelf-heading" className="text-xl font-semibold text-stone-900">
            {t('shelf.picks', { count: shown.picks.length })}
          </h2>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
            {shown.picks.map((pick) => (
              <li key={pick.book.id}>
                <PickCard
                  book={pick.book}
                  source={pick.source}
                  actions={
                    <PickActions
                      book={pick.book}
                      saved={readingList.isSaved(pick.book.id)}
                      busy={readingList.pendingId === pick.book.id}
                      onToggleSave={() => void toggle(pick.book)}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink />
      {content}
    </div>
  );
}
