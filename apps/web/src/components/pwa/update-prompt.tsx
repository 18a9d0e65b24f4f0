import { RefreshCw } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, subscribeToUpdate, updateWaiting } from '../../lib/pwa/app-update';
import { streamsOpen, subscribeToStreams } from '../../lib/running-streams';
import { Button } from '../ui/button';

/**
 * 'A new version is ready — Reload': shown once a new service worker waits, never while a
 * generation (or a translation, or a narration being made) streams on this page; accepting waits
 * for any stream that starts meanwhile to end (app-update.ts).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(subscribeToUpdate, updateWaiting, () => false);
  const streaming = useSyncExternalStore(
    subscribeToStreams,
    () => streamsOpen() > 0,
    () => false,
  );
  const [reloading, setReloading] = useState(false);
  if (!waiting || streaming) return null;
  return (
    <section
      role="status"
      aria-labelledby="update-prompt-title"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-col gap-3 rounded-2xl border border-brand-200 bg-white p-4 shadow-lg sm:flex-row sm:items-center print:hidden"
    >
      <RefreshCw aria-hidden className="hidden size-5 shrink-0 text-brand-700 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <p id="update-prompt-title" className="font-semibold text-stone-900">
          {t('offline.update.title')}
        </p>
        <p className="text-stone-600">{t('offline.update.body')}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={dismissUpdate}>
          {t('offline.update.later')}
        </Button>
        <Button
          size="sm"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void applyUpdate();
          }}
        >
          {t('offline.update.reload')}
        </Button>
      </div>
    </section>
  );
}
