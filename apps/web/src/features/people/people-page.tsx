import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { peopleListQuery } from './people-api';
import { PersonCard, PersonCardSkeleton } from './person-card';

/** `/people`: everyone whose recommended books the app shows ('see all' from /home). */
export function PeoplePage() {
  const { t } = usePeopleTexts();
  const people = useQuery(peopleListQuery());
  const view = queryView(people);

  let content: ReactNode;
  if (view === 'error') {
    content = (
      <LoadError
        title={t('list.errorTitle')}
        body={t('list.errorBody')}
        retryLabel={t('list.retry')}
        onRetry={() => void people.refetch()}
      />
    );
  } else if (!people.data) {
    content = (
      <LoadingSkeleton
        testId="people-skeleton"
        className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:grid-cols-3"
        list
        count={6}
        item={<PersonCardSkeleton />}
      />
    );
  } else if (people.data.people.length === 0) {
    content = (
      <StateMessage
        icon={<Users aria-hidden className="size-10 text-stone-400" />}
        title={t('list.empty')}
        body=""
        action={null}
      />
    );
  } else {
    content = (
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {people.data.people.map((person) => (
          <li key={person.slug}>
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Page title={t('list.title')} lead={t('list.lead')}>
      {content}
    </Page>
  );
}
