import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { contactMessagesQuery, markMessageHandled } from './admin-api';
import { cardClass, ConsoleSection, formatWhen, useConsoleAction } from './console-parts';
import { useConsoleTexts } from './console-texts';

/** The contact page's messages, the waiting ones first; each can be marked handled. */
export function MessagesPanel() {
  const { t } = useConsoleTexts();
  const messages = useQuery(contactMessagesQuery());
  const { busy, run } = useConsoleAction();
  return (
    <ConsoleSection id="console-messages" title={t('messages.title')} query={messages}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-stone-600">{t('messages.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('messages.title')}>
            {list.map((message) => (
              <li key={message.id}>
                <article className={cardClass} aria-label={`${message.name} <${message.email}>`}>
                  <header className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-stone-900">{message.name}</h3>
                    <a
                      className="text-sm break-all text-brand-700 underline"
                      href={`mailto:${message.email}`}
                    >
                      {message.email}
                    </a>
                    <Badge variant={message.handledAt ? 'success' : 'accent'}>
                      {message.handledAt
                        ? t('messages.handled', { date: formatWhen(message.handledAt, false) })
                        : t('messages.waiting')}
                    </Badge>
                  </header>
                  <p className="text-xs text-stone-600">
                    <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time> ·{' '}
                    {message.language.toUpperCase()}
                  </p>
                  <p className="text-sm whitespace-pre-wrap text-stone-800">{message.message}</p>
                  {!message.handledAt ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="self-start"
                      disabled={busy !== null}
                      onClick={() => void run(message.id, () => markMessageHandled(message.id))}
                    >
                      {t('messages.markHandled')}
                    </Button>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )
      }
    </ConsoleSection>
  );
}
