import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { TitleRow } from '../../components/ui/title-row';
import { usePeopleTexts } from '../../lib/people-texts';
import { queryView } from '../../lib/query-client';
import { peopleListQuery } from './people-api';
import { PersonCard, PersonCardSkeleton } from './person-card';

/** How many people the home page shows before 'see all'. */
const SHOWN = 6;

/** /home's 'recommended by' section: a few people and a way to all of them (its own chunk). */
export function RecommendedBy() {
  const { t } = usePeopleTexts();
  const people = useQuery(peopleListQuery());
  const view = queryView(people);
  // The generator comes first: a section that cannot load says so in one line, without a retry.
  if (view === 'error') {
    return <p className="text-center text-sm text-stone-500">{t('section.error')}</p>;
  }
  if (people.data?.people.length === 0) return null;
  return (
    <section aria-labelledby="recommended-by" className="flex flex-col gap-3" data-testid="recommended-by">
      <TitleRow
        id="recommended-by"
        title={t('section.title')}
        lead={t('section.lead')}
        aside={
          <Link
            to="/people"
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-800 hover:text-brand-900"
          >
            {t('section.seeAll')}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        }
        className="flex-nowrap items-end gap-3"
        titleClassName="text-xl font-semibold text-stone-900"
      />
      {people.data ? (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
          {people.data.people.slice(0, SHOWN).map((person) => (
            <li key={person.slug}>
              <PersonCard person={person} />
            </li>
          ))}
        </ul>
      ) : (
        <LoadingSkeleton
          testId="recommended-by-skeleton"
          className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2"
          list
          count={4}
          item={<PersonCardSkeleton />}
        />
      )}
    </section>
  );
}
