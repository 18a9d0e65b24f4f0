import type { UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { logWarning } from '../../lib/logger';
import { queryView } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { useConsoleTexts } from './console-texts';

/** A console section: its heading, and its body once its query has data (or its error, with a retry). */
export function ConsoleSection<T>({
  id,
  title,
  query,
  toolbar,
  children,
}: {
  id: string;
  title: string;
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  toolbar?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useConsoleTexts();
  const view = queryView(query);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-xl font-semibold text-stone-900">
        {title}
      </h2>
      {toolbar}
      {view === 'ready' && query.data !== undefined ? children(query.data) : null}
      {view === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('common.loading')}
        </p>
      ) : null}
      {view === 'error' ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
          {t('common.loadFailed')}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Runs an admin action: one at a time, a toast when it is done or failed (the server's message,
 * in the reader's language), and every admin read refreshed after it (the audit log among them).
 */
export function useConsoleAction() {
  const { t } = useConsoleTexts();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, done?: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(key);
    try {
      await action();
      toast.success(done ?? t('common.done'));
      return true;
    } catch (error) {
      logWarning('admin action failed', error);
      toast.error(error instanceof ApiError ? error.message : t('common.loadFailed'));
      return false;
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  };
  return { busy, run };
}

/** A date and time in the interface's language. */
export function formatWhen(iso: string | null, withTime = true): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

export const cardClass =
  'flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5';
