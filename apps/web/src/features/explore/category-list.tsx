import type { CategoriesResponse, Category } from '@summa/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

interface CategoryListProps {
  categories: CategoriesResponse['categories'] | undefined;
  selected: Category | null;
  onSelect: (category: Category | null) => void;
}

const chipClass =
  'flex shrink-0 items-center justify-between gap-2 rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors lg:rounded-lg lg:border-transparent lg:px-3 lg:py-2';

function Chip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number | undefined;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        chipClass,
        pressed
          ? 'border-brand-700 bg-brand-700 text-white scheme-light lg:bg-brand-700'
          : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100 lg:bg-transparent',
      )}
    >
      <span>{label}</span>
      {count === undefined ? null : (
        <span
          className={cn(
            'rounded-full px-1.5 text-xs tabular-nums',
            pressed ? 'bg-white/20 text-white' : 'bg-stone-100 text-stone-600',
          )}
        >
          {count}
        </span>
      )}
    </button>
  );
}

/** The category filter with each category's number of books: chips on phones, a sidebar on wide screens. */
export function CategoryList({ categories, selected, onSelect }: CategoryListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const total = categories?.reduce((sum, category) => sum + category.count, 0);
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-stone-800">
        {t('search.explore.categories')}
      </h2>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0">
        <Chip
          label={t('search.explore.allCategories')}
          count={total}
          pressed={selected === null}
          onClick={() => onSelect(null)}
        />
        {categories
          ? null
          : Array.from({ length: 6 }, (_, index) => (
              <span
                key={index}
                aria-hidden
                className="h-8 w-24 shrink-0 animate-pulse rounded-full bg-stone-200 lg:h-9 lg:w-full lg:rounded-lg"
              />
            ))}
        {categories?.map(({ id, count }) => (
          <Chip
            key={id}
            label={t(`catalog.categories.${id}`)}
            count={count}
            pressed={selected === id}
            onClick={() => onSelect(id)}
          />
        ))}
      </div>
    </section>
  );
}
