import type { CatalogImportResponse } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Page } from '../../components/page';
import { BusyButton } from '../../components/ui/busy-button';
import { ApiError } from '../../lib/api-client';
import { catalogImported } from '../../lib/invalidation';
import { logWarning } from '../../lib/logger';
import { importCatalog } from './admin-api';

const COUNTS = ['total', 'inserted', 'updated', 'unchanged', 'kept'] as const;

/** /populate-books (admin): re-imports the shipped catalogue and shows what changed. */
export function PopulateBooksPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CatalogImportResponse | null>(null);
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const run = async () => {
    if (running) return;
    setRunning(true);
    try {
      const counts = await importCatalog();
      catalogImported(client);
      setResult(counts);
      const detail = t('admin.populateBooks.doneDetail', {
        inserted: format(counts.inserted),
        updated: format(counts.updated),
        unchanged: format(counts.unchanged),
      });
      // Books an admin edited are worth a word only when there are some.
      const kept = counts.kept > 0 ? ` ${t('admin.populateBooks.doneKept', { count: counts.kept })}` : '';
      toast.success(t('admin.populateBooks.done'), { description: detail + kept });
    } catch (error) {
      logWarning('catalogue import failed', error);
      // The server's message is already in the reader's language; a lost connection has none.
      const message = error instanceof ApiError ? error.message : '';
      toast.error(t('admin.populateBooks.failed'), {
        description: message || t('common.toast.tryAgain'),
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Page title={t('pages.populateBooks.title')} lead={t('pages.populateBooks.lead')}>
      <section className="flex max-w-2xl flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <p className="text-stone-700">{t('admin.populateBooks.description')}</p>
        <div>
          <BusyButton
            type="button"
            onClick={() => void run()}
            disabled={running}
            busy={running}
            icon={<DatabaseZap aria-hidden />}
          >
            {running ? t('admin.populateBooks.running') : t('admin.populateBooks.run')}
          </BusyButton>
        </div>
        {/* Mounted from the start, so screen readers announce the result when it arrives. */}
        <div role="status" aria-live="polite">
          {result ? (
            <div data-testid="import-result">
              <h2 className="text-lg font-semibold text-stone-900">{t('admin.populateBooks.resultTitle')}</h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {COUNTS.map((key) => (
                  <div key={key} className="rounded-xl bg-stone-50 p-3" data-testid={`import-${key}`}>
                    <dt className="text-sm text-stone-600">{t(`admin.populateBooks.${key}`)}</dt>
                    <dd className="text-2xl font-bold text-stone-900 tabular-nums">{format(result[key])}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
        </div>
      </section>
    </Page>
  );
}
