import { REVIEW_GRADES, type DueReviews, type ReviewCard, type ReviewGrade } from '@summa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpenCheck, CalendarClock, RotateCcw } from 'lucide-react';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button } from '../../components/ui/button';
import { logWarning } from '../../lib/logger';
import { ReaderProgressContext } from '../../lib/progress/progress-context';
import { useAwardAnswer } from '../../lib/progress/use-award-xp';
import { queryView } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { gradeReview, reviewsQuery } from '../../lib/reviews-api';
import { cn } from '../../lib/utils';

/** Whether a key press belongs to a field or a control that has its own use for it. */
function ownKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName);
}

const GRADE_STYLES: Record<ReviewGrade, string> = {
  1: 'border-red-200 bg-red-50 text-red-800 hover:bg-red-100',
  2: 'border-amber-200 bg-amber-50 text-amber-900 hover:bg-amber-100',
  3: 'border-emerald-200 bg-emerald-50 text-emerald-900 hover:bg-emerald-100',
  4: 'border-sky-200 bg-sky-50 text-sky-900 hover:bg-sky-100',
};

function isGrade(value: number): value is ReviewGrade {
  return REVIEW_GRADES.some((grade) => grade === value);
}

/** One card, its question in the summary's language, flipped by Space and graded by 1 to 4. */
function ReviewCardView({
  card,
  position,
  total,
  onGraded,
}: {
  card: ReviewCard;
  position: number;
  total: number;
  onGraded: () => void;
}) {
  const { t } = useTranslation();
  const answer = useAwardAnswer();
  const [flipped, setFlipped] = useState(false);
  const flipButton = useRef<HTMLButtonElement>(null);
  const grading = useMutation({
    mutationFn: (grade: ReviewGrade) => gradeReview(card.id, grade),
    onSuccess: async (result) => {
      await answer(result.award);
      onGraded();
    },
    onError: (error) => logWarning('a review grade could not be saved', error),
  });
  const { mutate, isPending } = grading;

  useEffect(() => flipButton.current?.focus(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || ownKeys(event.target)) return;
      if (event.key === ' ' && !flipped) {
        event.preventDefault();
        setFlipped(true);
        return;
      }
      const grade = Number(event.key);
      if (flipped && !isPending && isGrade(grade)) {
        event.preventDefault();
        mutate(grade);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [flipped, isPending, mutate]);

  const inCardLanguage = { lng: card.language, title: card.bookTitle };
  return (
    <section
      aria-labelledby={`card-${card.id}`}
      className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
      data-testid="review-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span className="tabular-nums" data-testid="review-position">
          {t('review.progress', { current: position, total })}
        </span>
        {card.isNew ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {t('review.newCard')}
          </span>
        ) : null}
      </div>
      <div lang={card.language} className="flex flex-col gap-3">
        <h2 id={`card-${card.id}`} className="text-base font-medium text-stone-600">
          {t(`review.prompt.${card.kind}`, inCardLanguage)}
        </h2>
        {card.front ? (
          <p className="text-xl font-semibold text-stone-900 sm:text-2xl" data-testid="review-front">
            {card.front}
          </p>
        ) : null}
        <p className="text-sm text-stone-500">
          {t('review.fromBook', { title: card.bookTitle, author: card.author })}
        </p>
        {flipped ? (
          <p
            className="border-t border-stone-200 pt-4 text-base leading-relaxed text-stone-800 sm:text-lg"
            data-testid="review-back"
          >
            {card.back}
          </p>
        ) : null}
      </div>
      {flipped ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-stone-700" id={`grades-${card.id}`}>
            {t('review.gradeLabel')} <span className="text-stone-500">({t('review.gradeHint')})</span>
          </p>
          <div
            role="group"
            aria-labelledby={`grades-${card.id}`}
            className="grid grid-cols-2 gap-2 sm:grid-cols-4"
          >
            {REVIEW_GRADES.map((grade) => (
              <button
                key={grade}
                type="button"
                disabled={isPending}
                onClick={() => mutate(grade)}
                className={cn(
                  'flex h-12 items-center justify-center gap-2 rounded-xl border text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50',
                  GRADE_STYLES[grade],
                )}
              >
                <kbd className="rounded border border-current/30 px-1.5 font-mono text-xs">{grade}</kbd>
                {t(`review.grades.${grade}`)}
              </button>
            ))}
          </div>
          <p aria-live="polite" className="min-h-5 text-sm">
            {isPending ? <span className="text-stone-500">{t('review.saving')}</span> : null}
            {grading.isError ? (
              <span role="alert" className="text-red-700">
                {t('review.gradeFailed')}
              </span>
            ) : null}
          </p>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-stone-600">{t('review.recall')}</p>
          <Button ref={flipButton} onClick={() => setFlipped(true)} data-testid="review-flip">
            {t('review.flip')}
            <kbd className="rounded border border-white/40 px-1.5 font-mono text-xs">
              {t('review.flipHint')}
            </kbd>
          </Button>
        </div>
      )}
    </section>
  );
}

/** A card's place while the cards load. */
function ReviewSkeleton() {
  return (
    <LoadingSkeleton testId="review-skeleton">
      <div className="flex h-72 animate-pulse flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-8">
        <div className="h-4 w-24 rounded bg-stone-200" />
        <div className="h-6 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-100" />
      </div>
    </LoadingSkeleton>
  );
}

/** The cards of one answer, one after the other; `onDone` once every one is graded. */
function ReviewSession({
  data,
  onReviewed,
  onDone,
}: {
  data: DueReviews;
  onReviewed: () => void;
  onDone: () => void;
}) {
  const [index, setIndex] = useState(0);
  const card = data.cards[index];
  // Every card of this answer graded: the next answer is on its way (onDone asked for it).
  if (!card) return <ReviewSkeleton />;
  return (
    <ReviewCardView
      key={card.id}
      card={card}
      position={index + 1}
      total={data.cards.length}
      onGraded={() => {
        onReviewed();
        if (index + 1 < data.cards.length) setIndex(index + 1);
        else onDone();
      }}
    />
  );
}

/** No card due: come back tomorrow, or read a summary (its ideas become cards). */
function NothingDue({ data, reviewed }: { data: DueReviews; reviewed: number }) {
  const { t, i18n } = useTranslation();
  const next = data.nextDue
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(data.nextDue),
      )
    : null;
  const body =
    reviewed > 0
      ? t('review.done.body', { count: reviewed })
      : data.totalCards === 0
        ? t('review.empty.noCards')
        : t('review.empty.body');
  return (
    <div data-testid="review-empty">
      <StateMessage
        icon={<BookOpenCheck aria-hidden className="size-10 text-brand-700" />}
        title={reviewed > 0 ? t('review.done.title') : t('review.empty.title')}
        body={next ? `${body} ${t('review.empty.next', { date: next })}` : body}
        action={
          <Button asChild variant="outline">
            <Link to="/explore">{t('review.empty.read')}</Link>
          </Button>
        }
      />
    </div>
  );
}

/** Today's goal and where to change it. */
function GoalLine() {
  const { t } = useTranslation();
  const state = useContext(ReaderProgressContext);
  const today = state?.status === 'ready' ? state.me?.progress.today : undefined;
  if (!today) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700"
      data-testid="review-goal"
    >
      <CalendarClock aria-hidden className="size-4 text-brand-700" />
      {today.met
        ? t('gamification.header.goal.met')
        : t(`gamification.header.goal.${today.goal}`, { done: today.done, target: today.target })}
      <Link to="/settings#daily-goal" className="font-medium text-brand-700 underline underline-offset-2">
        {t('review.goal.change')}
      </Link>
    </p>
  );
}

/** `/review`: the daily review of the cards due (issue 27), keyboard first. */
export function ReviewPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(reviewsQuery());
  const view = queryView(query);
  const [reviewed, setReviewed] = useState(0);

  let body;
  if (view === 'error') {
    body = (
      <LoadError
        title={t('review.error.title')}
        body={t('review.error.body')}
        retryLabel={t('review.error.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = <ReviewSkeleton />;
  } else if (query.data.cards.length === 0) {
    body = <NothingDue data={query.data} reviewed={reviewed} />;
  } else {
    body = (
      <ReviewSession
        key={query.dataUpdatedAt}
        data={query.data}
        onReviewed={() => setReviewed((count) => count + 1)}
        onDone={() => void client.invalidateQueries({ queryKey: queryKeys.reviews })}
      />
    );
  }

  return (
    <Page title={t('review.title')} lead={t('review.intro')}>
      {/* Under the heading, as every page's content starts. */}
      <div className="flex max-w-2xl flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <GoalLine />
          {query.data && query.data.dueCount > 0 ? (
            <p
              className="flex items-center gap-1 text-sm text-stone-600 tabular-nums"
              data-testid="review-due"
            >
              <RotateCcw aria-hidden className="size-4" />
              {t('review.dueCount', { count: query.data.dueCount })}
            </p>
          ) : null}
        </div>
        {body}
        <p className="hidden text-xs text-stone-500 sm:block">{t('review.keyboardHint')}</p>
      </div>
    </Page>
  );
}
