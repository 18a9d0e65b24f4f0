import type { PersonSummary } from '@summa/shared';
import { Link } from 'react-router';
import { CardSkeleton } from '../../components/loading-skeleton';
import { useLanguage } from '../../lib/use-language';
import { usePeopleTexts } from '../../lib/people-texts';
import { countryName } from './people-format';
import { PersonPortrait } from './person-portrait';

/** One person in a list: their portrait, name, field, country and how many books they recommend. */
export function PersonCard({ person }: { person: PersonSummary }) {
  const { t } = usePeopleTexts();
  const language = useLanguage();
  return (
    <Link
      to={`/people/${encodeURIComponent(person.slug)}`}
      className="group flex h-full items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition hover:border-brand-300 hover:shadow-md"
      data-testid="person-card"
    >
      <PersonPortrait slug={person.slug} initials={person.initials} className="size-12 text-base" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-stone-900 group-hover:text-brand-800">
          {person.name}
        </span>
        <span className="truncate text-sm text-stone-600">
          {t(`fields.${person.field}`)} · {countryName(person.country, language)}
        </span>
        <span className="text-xs font-medium text-brand-700">
          {t('list.books', { count: person.pickCount })}
        </span>
      </span>
    </Link>
  );
}

export function PersonCardSkeleton() {
  return (
    <CardSkeleton
      className="items-center gap-3"
      picture="size-12 rounded-full bg-stone-200"
      text="gap-2"
      lines={['h-4 w-3/5 bg-stone-200', 'h-3 w-2/5 bg-stone-100']}
    />
  );
}
