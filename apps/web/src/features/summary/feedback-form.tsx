import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_VOTES,
  feedbackRequestSchema,
  type FeedbackRequest,
  type Summary,
} from '@summa/shared';
import { CircleCheck, Info, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { BusyButton } from '../../components/ui/busy-button';
import { inputClass, Label } from '../../components/ui/input';
import { describedBy, FieldError } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/form-errors';
import { logWarning } from '../../lib/logger';
import { useAwardXp } from '../../lib/progress/use-award-xp';
import { cn } from '../../lib/utils';
import { useSendFeedback } from './summary-api';

type Vote = FeedbackRequest['vote'];
type Feedback = NonNullable<Summary['feedback']>;

type FormState =
  { phase: 'editing' } | { phase: 'sent'; feedback: Feedback } | { phase: 'refused'; message: string };

function VoteButton({
  vote,
  pressed,
  disabled,
  onPress,
}: {
  vote: Vote;
  pressed: boolean;
  disabled: boolean;
  onPress: (vote: Vote) => void;
}) {
  const { t } = useTranslation();
  const Icon = vote === 'up' ? ThumbsUp : ThumbsDown;
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => onPress(vote)}
      className={cn(
        pressed &&
          (vote === 'up'
            ? 'border-emerald-500 bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
            : 'border-amber-500 bg-amber-50 text-amber-900 hover:bg-amber-100'),
      )}
    >
      <Icon aria-hidden className={cn(pressed && 'fill-current')} />
      {t(vote === 'up' ? 'summary.feedback.up' : 'summary.feedback.down')}
    </Button>
  );
}

/** What the reader sent (or had sent before): the thank-you state with the vote and comment. */
function Thanks({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const Icon = feedback.vote === 'up' ? ThumbsUp : ThumbsDown;
  return (
    <div role="status" className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-semibold text-emerald-900">{t('summary.feedback.thanks')}</p>
        <p className="flex items-center gap-2 text-emerald-800" data-testid="feedback-vote">
          <Icon aria-hidden className="size-4 fill-current" />
          {t(feedback.vote === 'up' ? 'summary.feedback.gaveUp' : 'summary.feedback.gaveDown')}
        </p>
        {feedback.comment ? (
          <figure className="mt-1">
            <figcaption className="text-xs font-medium text-emerald-800">
              {t('summary.feedback.yourComment')}
            </figcaption>
            <blockquote className="mt-0.5 break-words whitespace-pre-line text-stone-700">
              {feedback.comment}
            </blockquote>
          </figure>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Thumbs up or down plus an optional comment, sent once. Once sent (or when the summary already
 * carries the reader's feedback) it thanks them and shows the vote.
 */
export function FeedbackForm({ summaryId, given }: { summaryId: string; given: Summary['feedback'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const commentId = useId();
  const counterId = useId();
  const noticeId = useId();
  const errorId = useId();
  const [state, setState] = useState<FormState>({ phase: 'editing' });
  const award = useAwardXp();
  // The summary then carries the feedback, for the next time it is opened (invalidation.ts).
  const sendFeedback = useSendFeedback();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting: sending },
  } = useForm({
    resolver: zodResolver(feedbackRequestSchema),
    defaultValues: { comment: '' },
  });
  // No vote until the reader gives one (the form's types assume every field starts filled).
  const vote = useWatch({ control, name: 'vote' }) as Vote | undefined;
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const commentError = fieldErrorText(t, errors.comment);

  const done = given ?? (state.phase === 'sent' ? state.feedback : null);

  const submit = async (request: FeedbackRequest) => {
    const trimmed = request.comment ?? '';
    try {
      await sendFeedback(summaryId, { vote: request.vote, ...(trimmed ? { comment: trimmed } : {}) });
      setState({ phase: 'sent', feedback: { vote: request.vote, comment: trimmed || null } });
      void award('feedback_given', summaryId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'FEEDBACK_ALREADY_GIVEN') {
        setState({ phase: 'refused', message: error.message || t('errors.FEEDBACK_ALREADY_GIVEN') });
        return;
      }
      logWarning('feedback could not be sent', error);
      const message = error instanceof ApiError ? error.message : '';
      toast.error(message || t('common.toast.error'), { description: t('common.toast.tryAgain') });
    }
  };

  let body;
  if (done) {
    body = <Thanks feedback={done} />;
  } else if (state.phase === 'refused') {
    body = (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {state.message}
      </p>
    );
  } else {
    body = (
      <form onSubmit={(event) => void handleSubmit(submit)(event)} className="flex flex-col gap-4">
        <div role="group" aria-label={t('summary.feedback.voteLabel')} className="flex flex-wrap gap-2">
          {FEEDBACK_VOTES.map((option) => (
            <VoteButton
              key={option}
              vote={option}
              pressed={vote === option}
              disabled={sending}
              onPress={(chosen) => setValue('vote', chosen)}
            />
          ))}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={commentId}>{t('summary.feedback.comment')}</Label>
          <textarea
            id={commentId}
            {...register('comment')}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            rows={3}
            disabled={sending}
            placeholder={t('summary.feedback.commentPlaceholder')}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={describedBy(counterId, noticeId, commentError && errorId)}
            className={cn(inputClass, 'h-auto min-h-24 resize-y py-2')}
          />
          <p id={counterId} className="self-end text-xs text-stone-500 tabular-nums">
            {t('summary.feedback.counter', { used: comment.length, max: FEEDBACK_COMMENT_MAX_LENGTH })}
          </p>
          <FieldError id={errorId} message={commentError} />
          <p id={noticeId} className="text-xs text-stone-600">
            {t('summary.feedback.publicNotice')}
          </p>
        </div>
        <BusyButton type="submit" className="self-start" disabled={!vote || sending} busy={sending}>
          {t(sending ? 'summary.feedback.sending' : 'summary.feedback.send')}
        </BusyButton>
      </form>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm print:hidden"
      data-print-hidden
    >
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-stone-900">
        {t('summary.feedback.title')}
      </h2>
      {done ? null : <p className="mt-1 text-sm text-stone-600">{t('summary.feedback.lead')}</p>}
      <div className="mt-4">{body}</div>
    </section>
  );
}
