import { LEVELS, SORTS, type Level, type Sort } from '@summa/shared';
import { LANGUAGES, type Language } from '@summa/shared/languages';
import { X } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { InlineSelect } from '../../components/ui/inline-select';
import { SearchInput } from '../../components/ui/search-input';
import { cn } from '../../lib/utils';

/** The catalogue search field; submitting (Enter or the button) applies the text. */
export function ExploreSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
      <SearchInput
        id={id}
        label={t('search.explore.searchLabel')}
        labelHidden
        className="flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.explore.searchPlaceholder')}
        enterKeyHint="search"
        end={
          text ? (
            <button
              type="button"
              className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100"
              aria-label={t('search.explore.clearSearch')}
              title={t('search.explore.clearSearch')}
              onClick={() => {
                setText('');
                onSearch('');
              }}
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null
        }
      />
      <Button type="submit" className="shrink-0 px-4">
        {t('search.explore.searchSubmit')}
      </Button>
    </form>
  );
}

interface ToggleGroupProps<T extends string> {
  label: string;
  allLabel: string;
  values: readonly T[];
  value: T | null;
  optionLabel: (value: T) => string;
  optionTitle?: (value: T) => string;
  onChange: (value: T | null) => void;
}

/** A labelled row of mutually exclusive buttons ('All' first), each announcing whether it is on. */
function ToggleGroup<T extends string>({
  label,
  allLabel,
  values,
  value,
  optionLabel,
  optionTitle,
  onChange,
}: ToggleGroupProps<T>) {
  const labelId = useId();
  const options: { key: string; value: T | null; text: string; title?: string }[] = [
    { key: 'all', value: null, text: allLabel },
    ...values.map((option) => ({
      key: option,
      value: option,
      text: optionLabel(option),
      ...(optionTitle ? { title: optionTitle(option) } : {}),
    })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={labelId} className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="inline-flex w-fit max-w-full overflow-x-auto rounded-xl border border-stone-300 bg-white p-0.5"
      >
        {options.map((option) => {
          const pressed = option.value === value;
          return (
            <button
              key={option.key}
              type="button"
              aria-pressed={pressed}
              title={option.title}
              onClick={() => onChange(option.value)}
              className={cn(
                'h-9 shrink-0 rounded-[0.6rem] px-3 text-sm font-medium whitespace-nowrap transition-colors',
                pressed ? 'bg-brand-700 text-white scheme-light' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              {option.text}
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface ExploreFiltersProps {
  level: Level | null;
  lang: Language | null;
  onLevel: (level: Level | null) => void;
  onLang: (lang: Language | null) => void;
}

/** Level (basic/intermediate) and book language (PT/EN/ES) (spec §2 Explore). */
export function ExploreFilters({ level, lang, onLevel, onLang }: ExploreFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
      <ToggleGroup
        label={t('search.explore.level')}
        allLabel={t('search.explore.allLevels')}
        values={LEVELS}
        value={level}
        optionLabel={(option) => t(`catalog.levels.${option}`)}
        onChange={onLevel}
      />
      <ToggleGroup
        label={t('search.explore.language')}
        allLabel={t('search.explore.allLanguages')}
        values={LANGUAGES}
        value={lang}
        optionLabel={(option) => option.toUpperCase()}
        optionTitle={(option) => t(`common.language.${option}`)}
        onChange={onLang}
      />
    </div>
  );
}

/** The sort order: recommended, trending or A-Z. */
export function SortSelect({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation();
  return (
    <InlineSelect
      label={t('search.explore.sort')}
      value={sort}
      options={SORTS}
      optionLabel={(option) => t(`catalog.sorts.${option}`)}
      onChange={onSort}
    />
  );
}
