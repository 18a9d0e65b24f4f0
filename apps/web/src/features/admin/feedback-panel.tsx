import { useQuery } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { feedbackQuery, setTestimonial } from './admin-api';
import { cardClass, ConsoleSection, formatWhen, useConsoleAction } from './console-parts';
import { useConsoleTexts } from './console-texts';

/** Readers' ratings and comments; a comment that may go on the landing is approved or withdrawn here. */
export function FeedbackPanel() {
  const { t } = useConsoleTexts();
  const feedback = useQuery(feedbackQuery());
  const { busy, run } = useConsoleAction();
  return (
    <ConsoleSection id="console-feedback" title={t('feedback.title')} query={feedback}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-stone-600">{t('feedback.none')}</p>
        ) : (
          <>
            <p className="text-sm text-stone-600">{t('feedback.notEligible')}</p>
            <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('feedback.title')}>
              {list.map((item) => (
                <li key={item.feedbackId}>
                  <article className={cardClass} aria-label={item.bookTitle} data-testid="admin-feedback">
                    <header className="flex flex-wrap items-center gap-2">
                      {item.vote === 'up' ? (
                        <ThumbsUp aria-label={t('feedback.up')} className="size-4 text-emerald-700" />
                      ) : (
                        <ThumbsDown aria-label={t('feedback.down')} className="size-4 text-red-700" />
                      )}
                      <h3 className="min-w-0 font-semibold text-stone-900">{item.bookTitle}</h3>
                      <Badge>{item.language.toUpperCase()}</Badge>
                      {item.approvedAt ? <Badge variant="success">{t('feedback.approved')}</Badge> : null}
                    </header>
                    <p className="text-sm text-stone-800">
                      {item.comment ? `“${item.comment}”` : <em>{t('feedback.noComment')}</em>}
                    </p>
                    <p className="text-xs text-stone-600">
                      {item.nickname ? `@${item.nickname}` : t('feedback.anonymous')} ·{' '}
                      <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
                    </p>
                    {item.eligible || item.approvedAt ? (
                      <Button
                        size="sm"
                        variant={item.approvedAt ? 'outline' : 'primary'}
                        className="self-start"
                        disabled={busy !== null}
                        onClick={() =>
                          void run(item.feedbackId, () => setTestimonial(item.feedbackId, !item.approvedAt))
                        }
                      >
                        {item.approvedAt ? t('feedback.withdraw') : t('feedback.approve')}
                      </Button>
                    ) : null}
                  </article>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </ConsoleSection>
  );
}
