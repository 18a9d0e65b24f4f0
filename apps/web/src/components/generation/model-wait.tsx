import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../ui/progress-bar';
import type { ModelWait } from './generation-state';

const megabytes = (bytes: number) => Math.round(bytes / 1e6);

/**
 * The server's model is not ready yet (its first run downloads about 1 GB): how far the download
 * got, in percent and megabytes, and that the summary starts by itself afterwards.
 */
export function ModelWaitPanel({ model }: { model: ModelWait }) {
  const { t, i18n } = useTranslation();
  const downloading = model.state === 'downloading';
  const percent = downloading && model.progress !== undefined ? Math.floor(model.progress * 100) : undefined;
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const heading =
    percent === undefined
      ? t(downloading ? 'generate.overlay.model.downloading' : 'generate.overlay.model.loading')
      : t('generate.overlay.model.downloadingPercent', { percent });
  return (
    <div
      data-testid="model-wait"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-stone-800"
    >
      <p className="flex items-start gap-2 font-medium" aria-live="polite">
        <Download aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>{heading}</span>
      </p>
      {percent === undefined ? null : (
        <>
          <ProgressBar
            value={percent}
            label={t('generate.overlay.model.progress')}
            className="h-1.5 bg-amber-100"
            fillClassName="bg-amber-600"
          />
          {model.downloadedBytes !== undefined && model.totalBytes !== undefined ? (
            <p className="text-stone-700 tabular-nums" data-testid="model-bytes">
              {t('generate.overlay.model.bytes', {
                done: format(megabytes(model.downloadedBytes)),
                total: format(megabytes(model.totalBytes)),
              })}
            </p>
          ) : null}
        </>
      )}
      <p className="text-stone-700">{t('generate.overlay.model.wait')}</p>
    </div>
  );
}
