import type { Summary } from '@summa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, HardDriveDownload, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ON_THIS_DEVICE_PATH } from '../../components/pwa/offline-notice';
import { CardSection } from '../../components/card-section';
import { Button } from '../../components/ui/button';
import { keptCopiesChanged } from '../../lib/invalidation';
import { formatSize } from '../../lib/locale';
import { logWarning } from '../../lib/logger';
import { keepSummary, keptEntry, removeKept } from '../../lib/offline/kept-summaries';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useLanguage } from '../../lib/use-language';
import { useOnline } from '../../lib/use-online';
import { fetchAudio, narrationQuery } from './audio/audio-api';

/**
 * 'Keep offline' (ADR 0036): the summary's text, and its narration if the reader ticks it, kept
 * in this browser to open and play without a network; once kept, its size and a way to remove it.
 */
export function KeepOffline({ summary, owner }: { summary: Summary; owner: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const online = useOnline();
  const checkboxId = useId();
  const [withNarration, setWithNarration] = useState(false);
  const kept = useQuery({
    queryKey: queryKeys.keptSummary(owner, summary.id),
    queryFn: () => keptEntry(owner, summary.id),
    networkMode: 'always',
  });
  // The player reads the same query: the narration's size is known once it exists.
  const narration = useQuery(narrationQuery(summary.id, summary.language));
  const narrationBytes = narration.data?.parts.reduce((sum, part) => sum + part.bytes, 0) ?? null;

  const keep = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      // Fresh signed addresses: the ones the player holds may be near their end.
      const audio =
        withNarration && narrationBytes !== null
          ? await fetchAudio(summary.id, summary.language, new AbortController().signal)
          : null;
      return keepSummary(owner, summary, audio);
    },
    onSuccess: () => keptCopiesChanged(client),
    onError: (error) => {
      logWarning('the summary could not be kept on this device', error);
      toast.error(t('offline.keep.failed'), { description: t('offline.keep.failedBody') });
    },
  });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: () => removeKept(owner, summary.id),
    onSuccess: async () => {
      await keptCopiesChanged(client);
      toast.success(t('offline.keep.removed'));
    },
  });

  const entry = kept.data ?? null;
  return (
    <CardSection
      icon={HardDriveDownload}
      title={t('offline.keep.heading')}
      lead={t('offline.keep.lead')}
      testId="keep-offline"
    >
      {entry ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 aria-hidden className="size-4 shrink-0" />
            {t(entry.withNarration ? 'offline.keep.keptWithNarration' : 'offline.keep.kept', {
              size: formatSize(entry.bytes, language),
            })}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to={ON_THIS_DEVICE_PATH}
              className="text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              {t('offline.keep.list')}
            </Link>
            <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden />
              {t('offline.keep.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            className="self-start"
            disabled={!online || keep.isPending || kept.isPending}
            onClick={() => keep.mutate()}
          >
            {keep.isPending ? (
              <LoaderCircle aria-hidden className="animate-spin" />
            ) : (
              <HardDriveDownload aria-hidden />
            )}
            {keep.isPending ? t('offline.keep.keeping') : t('offline.keep.button')}
          </Button>
          {narrationBytes !== null ? (
            <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm text-stone-700">
              <input
                id={checkboxId}
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={withNarration}
                disabled={keep.isPending}
                onChange={(event) => setWithNarration(event.target.checked)}
              />
              {t('offline.keep.withNarration', { size: formatSize(narrationBytes, language) })}
            </label>
          ) : null}
        </div>
      )}
    </CardSection>
  );
}
