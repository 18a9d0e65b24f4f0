import { SEARCH_MIN_QUERY_LENGTH, type Suggestion } from '@summa/shared';
import { CornerDownLeft, Library, LoaderCircle, Search } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { BookCover } from '../../components/ui/book-cover';
import { inputClass } from '../../components/ui/input';
import { logWarning } from '../../lib/logger';
import { cn } from '../../lib/utils';
import { searchCatalog } from './catalog-search-api';
import { highlightSegments } from './highlight';

/** Spec §9: suggestions are fetched after a 200 ms pause in typing. */
export const SEARCH_DEBOUNCE_MS = 200;

/** What the reader chose: a suggestion, or the text as typed ('Continue with the typed text'). */
export type BookPick = { kind: 'suggestion'; suggestion: Suggestion } | { kind: 'text'; text: string };

type Status = 'idle' | 'loading' | 'ready';

/**
 * The highlighted option stands out by more than its tint (1.2:1): a brand bar on its left edge
 * (5:1 against the tint, 6.3:1 against white) marks it for readers who cannot tell the tints apart.
 */
const optionClass =
  'flex cursor-pointer items-center gap-3 px-3 aria-selected:bg-brand-100 aria-selected:shadow-[inset_4px_0_0_var(--color-brand-600)]';

interface BookSearchBoxProps {
  /** The text in the box; the parent owns it so that a pick or a link can fill it. */
  value: string;
  /** Called when the reader edits the text (never for a pick). */
  onValueChange: (text: string) => void;
  onPick: (pick: BookPick) => void;
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightSegments(text, query).map((segment, index) =>
    segment.match ? (
      <mark key={index} className="rounded-sm bg-accent-300/70 px-px text-inherit">
        {segment.text}
      </mark>
    ) : (
      <span key={index}>{segment.text}</span>
    ),
  );
}

/**
 * The home page's book search (spec §2 'Book search box'): an ARIA 1.2 combobox whose listbox
 * holds up to 8 suggestions plus a final 'Continue with the typed text' option.
 */
export function BookSearchBox({ value, onValueChange, onPick }: BookSearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const containerRef = useRef<HTMLDivElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestRef = useRef<AbortController | null>(null);

  const trimmed = value.trim();
  const searchable = trimmed.length >= SEARCH_MIN_QUERY_LENGTH;
  const optionCount = suggestions.length + 1;
  const continueIndex = suggestions.length;

  /** Drops a scheduled search and aborts the one in flight, so its answer is never shown. */
  const cancelPending = useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    requestRef.current?.abort();
    requestRef.current = null;
  }, []);

  useEffect(() => cancelPending, [cancelPending]);

  const close = useCallback(() => {
    setOpen(false);
    setActiveIndex(-1);
  }, []);

  // A click anywhere outside the box closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // Keep the highlighted option visible in a scrolled list.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex, id]);

  const runSearch = (query: string) => {
    const controller = new AbortController();
    requestRef.current = controller;
    setStatus('loading');
    setOpen(true);
    searchCatalog(query, controller.signal).then(
      (books) => {
        if (controller.signal.aborted) return;
        requestRef.current = null;
        setSuggestions(books);
        setStatus('ready');
      },
      (error: unknown) => {
        // An aborted request was replaced by a newer one (or the reader picked): not an error.
        if (controller.signal.aborted) return;
        requestRef.current = null;
        // Spec §8: a failed suggestion fetch is logged and shows an empty list.
        logWarning('book suggestions could not be loaded', error);
        setSuggestions([]);
        setStatus('ready');
      },
    );
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    onValueChange(text);
    cancelPending();
    setActiveIndex(-1);
    const query = text.trim();
    if (query.length < SEARCH_MIN_QUERY_LENGTH) {
      setOpen(false);
      setSuggestions([]);
      setStatus('idle');
      return;
    }
    timerRef.current = setTimeout(() => runSearch(query), SEARCH_DEBOUNCE_MS);
  };

  /** Ends the search before a pick. Spec §5: no search right after a pick. */
  const endSearch = () => {
    cancelPending();
    setStatus((current) => (current === 'loading' ? 'idle' : current));
    close();
  };

  const pickTypedText = () => {
    endSearch();
    onPick({ kind: 'text', text: trimmed });
  };

  const pick = (index: number) => {
    const suggestion = suggestions[index];
    if (!suggestion) {
      pickTypedText();
      return;
    }
    endSearch();
    onPick({ kind: 'suggestion', suggestion });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!searchable) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActiveIndex(event.key === 'ArrowDown' ? 0 : optionCount - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((current) => {
          if (current < 0) return step > 0 ? 0 : optionCount - 1;
          return (current + step + optionCount) % optionCount;
        });
        return;
      }
      case 'Enter':
        // An IME uses Enter to commit its composition: that is not a choice.
        if (event.nativeEvent.isComposing) return;
        if (open && activeIndex >= 0) {
          event.preventDefault();
          pick(activeIndex);
        } else if (trimmed) {
          // No option highlighted: Enter takes the 'Continue with the typed text' path.
          event.preventDefault();
          pickTypedText();
        }
        return;
      case 'Escape':
        if (open || timerRef.current !== undefined) {
          event.preventDefault();
          cancelPending();
          setStatus((current) => (current === 'loading' ? 'idle' : current));
          close();
        }
        return;
      default:
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && containerRef.current?.contains(next)) return;
    close();
  };

  const showList = open && searchable;
  const loading = status === 'loading';
  const announcement =
    showList && status === 'ready' && suggestions.length > 0
      ? t('search.box.results', { count: suggestions.length })
      : '';

  return (
    <div ref={containerRef} className="relative" onBlur={onBlur}>
      <div className="flex min-h-6 items-end justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
          {t('search.box.label')}
        </label>
        {trimmed ? (
          <Link
            to={`/explore?${new URLSearchParams({ q: trimmed }).toString()}`}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline"
          >
            <Library className="size-4" aria-hidden />
            {t('search.box.browseCatalog')}
          </Link>
        ) : null}
      </div>

      <div className="relative mt-1.5">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
          aria-hidden
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-busy={loading}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('search.box.placeholder')}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          className={cn(inputClass, 'h-12 pr-10 pl-10 text-base sm:text-base')}
        />
        {loading ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-5 -translate-y-1/2 animate-spin text-brand-600"
            aria-hidden
            data-testid="search-loading"
          />
        ) : null}
      </div>

      <div
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
      >
        {showList && suggestions.length === 0 && status !== 'idle' ? (
          <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-stone-600">
            {loading ? <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden /> : null}
            {loading ? t('search.box.searching') : t('search.box.noResults')}
          </p>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.box.suggestions')}
          aria-busy={loading}
          className="max-h-[min(26rem,60dvh)] overflow-y-auto overscroll-contain py-1"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.source}-${suggestion.id}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              data-source={suggestion.source}
              className={cn(optionClass, 'py-2')}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => pick(index)}
            >
              <BookCover src={suggestion.cover_url} className="w-9" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-stone-900">
                  <Highlighted text={suggestion.title} query={trimmed} />
                </span>
                <span className="block truncate text-sm text-stone-600">{suggestion.author}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span className="text-xs font-semibold text-stone-600" aria-hidden>
                  {suggestion.lang.toUpperCase()}
                </span>
                <span className="sr-only">
                  {t('search.box.bookLanguage', { language: t(`common.language.${suggestion.lang}`) })}
                </span>
                {suggestion.source === 'history' ? (
                  <Badge variant="success">{t('search.box.generated')}</Badge>
                ) : null}
              </span>
            </li>
          ))}
          <li
            id={optionId(continueIndex)}
            role="option"
            aria-selected={activeIndex === continueIndex}
            data-option="continue"
            className={cn(optionClass, 'border-t border-stone-100 py-2.5')}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActiveIndex(continueIndex)}
            onClick={() => pick(continueIndex)}
          >
            <span className="flex w-9 shrink-0 justify-center text-brand-700">
              <CornerDownLeft className="size-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-brand-800">{t('search.box.continueWithText')}</span>
              <span className="block truncate text-sm text-stone-600">“{trimmed}”</span>
            </span>
          </li>
        </ul>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
