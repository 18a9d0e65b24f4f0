import type { LlmStatus } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { Cpu, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { queryView } from '../../lib/query-client';
import { modelStatusQuery } from './admin-api';

const megabytes = (bytes: number) => Math.round(bytes / 1e6);

/**
 * The admin page's "System" card: the summary model, its state, and when it cannot run, the
 * exact cause (only admins see it) and what to do about it.
 */
export function ModelStatusCard() {
  const { t } = useTranslation();
  // Looked at again every few seconds while the model downloads or loads (admin-api.ts).
  const query = useQuery(modelStatusQuery());
  const llm = query.data?.llm;
  const retry = () => void query.refetch();

  return (
    <section
      aria-labelledby="model-status-title"
      className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="model-status-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
          <Cpu aria-hidden className="size-5 text-stone-600" />
          {t('admin.model.title')}
        </h2>
        <Button type="button" variant="outline" size="sm" onClick={retry} aria-busy={query.isFetching}>
          <RefreshCw aria-hidden />
          {t('admin.model.refresh')}
        </Button>
      </div>
      {queryView(query) === 'error' ? (
        <p role="alert" className="text-sm text-red-800">
          {t('admin.model.loadFailed')}
        </p>
      ) : null}
      {llm ? <ModelDetails llm={llm} /> : null}
    </section>
  );
}

function ModelDetails({ llm }: { llm: LlmStatus }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const progress =
    llm.state === 'downloading' && llm.downloadedBytes !== undefined && llm.totalBytes !== undefined
      ? t('admin.model.progress', {
          percent: Math.floor((llm.downloadProgress ?? 0) * 100),
          done: format(megabytes(llm.downloadedBytes)),
          total: format(megabytes(llm.totalBytes)),
        })
      : undefined;
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">{t('admin.model.provider')}</dt>
        <dd className="text-stone-900">{llm.provider}</dd>
        <dt className="text-stone-600">{t('admin.model.model')}</dt>
        <dd className="break-all text-stone-900">{llm.model}</dd>
        <dt className="text-stone-600">{t('admin.model.state')}</dt>
        <dd className="text-stone-900" data-testid="model-state">
          {t(`admin.model.states.${llm.state}`)}
          {progress ? ` · ${progress}` : ''}
        </dd>
        {llm.modelsDir ? (
          <>
            <dt className="text-stone-600">{t('admin.model.folder')}</dt>
            <dd className="break-all text-stone-900">{llm.modelsDir}</dd>
          </>
        ) : null}
      </dl>
      {llm.state === 'error' ? (
        <div
          className="flex flex-col gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-900"
          data-testid="model-error"
        >
          {llm.error ? (
            <p>
              <strong>{t('admin.model.cause')}:</strong> <span className="break-words">{llm.error}</span>
            </p>
          ) : null}
          {llm.errorKind ? (
            <p>
              <strong>{t('admin.model.whatToDo')}:</strong> {t(`admin.model.advice.${llm.errorKind}`)}
            </p>
          ) : null}
          {llm.provider === 'local' ? <p>{t('admin.model.retryNote')}</p> : null}
        </div>
      ) : null}
    </>
  );
}
