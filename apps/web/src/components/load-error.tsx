import { AlertCircle, CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online';
import { Button } from './ui/button';
import { StateMessage } from './state-message';

interface LoadErrorProps {
  /** What could not be loaded. */
  title: string;
  /** What to do about it (block layout only). */
  body?: string;
  /** The retry button's label. */
  retryLabel: string;
  onRetry: () => void;
  /** 'block' in place of a list or a page (the default); 'inline' as a banner above other content. */
  layout?: 'block' | 'inline';
}

/**
 * Server data that could not be loaded, in place of what it would have shown, with a way to load
 * it again (an alert, so screen readers announce it). The one error state of every screen.
 */
export function LoadError({ title, body = '', retryLabel, onRetry, layout = 'block' }: LoadErrorProps) {
  const { t } = useTranslation();
  // Offline, the reason is known: the screen needs the server (ADR 0036).
  const online = useOnline();
  if (!online) {
    if (layout === 'block') body = t('offline.needsConnection');
    else title = `${title} ${t('offline.needsConnection')}`;
  }
  if (layout === 'inline') {
    return (
      <section
        role="alert"
        className="mx-auto flex max-w-4xl flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2">
          <AlertCircle aria-hidden className="size-5 shrink-0" />
          {title}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </section>
    );
  }
  return (
    <StateMessage
      role="alert"
      icon={<CircleAlert aria-hidden className="size-10 text-red-500" />}
      title={title}
      body={body}
      action={
        <Button type="button" variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden />
          {retryLabel}
        </Button>
      }
    />
  );
}
