import { ADMIN_SUMMARY_SORTS, LANGUAGES, type AdminSummary } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { SearchInput } from '../../components/ui/search-input';
import { adminSummariesQuery, adminSummaryQuery, regenerateSummary, removeSummary } from './admin-api';
import { cardClass, ConsoleSection, formatWhen, useConsoleAction } from './console-parts';
import { useConsoleTexts } from './console-texts';

type Filters = { q: string; language: string; from: string; to: string; sort: string };

const selectClass =
  'h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm';

/** Summaries: searched by title, language, day and rating; opened, removed or regenerated. */
export function SummariesPanel() {
  const { t } = useConsoleTexts();
  const { t: tApp } = useTranslation();
  const ids = { q: useId(), language: useId(), from: useId(), to: useId(), sort: useId() };
  const [form, setForm] = useState<Filters>({ q: '', language: '', from: '', to: '', sort: 'newest' });
  const [search, setSearch] = useState('sort=newest');
  const summaries = useQuery(adminSummariesQuery(search));
  const field = (name: keyof Filters) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  return (
    <ConsoleSection
      id="console-summaries"
      title={t('summaries.title')}
      query={summaries}
      toolbar={
        <form
          role="search"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const params = Object.entries(form).filter(([, value]) => value.trim() !== '');
            setSearch(new URLSearchParams(params).toString());
          }}
        >
          <SearchInput
            id={ids.q}
            className="lg:col-span-2"
            label={t('summaries.searchLabel')}
            {...field('q')}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.language}>{t('summaries.language')}</Label>
            <select id={ids.language} className={selectClass} {...field('language')}>
              <option value="">{t('common.any')}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {tApp(`common.language.${language}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.from}>{t('summaries.from')}</Label>
            <Input id={ids.from} type="date" {...field('from')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.to}>{t('summaries.to')}</Label>
            <Input id={ids.to} type="date" {...field('to')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.sort}>{t('summaries.sort')}</Label>
            <select id={ids.sort} className={selectClass} {...field('sort')}>
              {ADMIN_SUMMARY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`summaries.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" className="sm:col-span-2 lg:col-span-6 lg:justify-self-start">
            {t('common.search')}
          </Button>
        </form>
      }
    >
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-stone-600">{t('summaries.none')}</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('summaries.title')}>
            {list.map((summary) => (
              <li key={summary.id}>
                <SummaryCard summary={summary} />
              </li>
            ))}
          </ul>
        )
      }
    </ConsoleSection>
  );
}

function SummaryCard({ summary }: { summary: AdminSummary }) {
  const { t } = useConsoleTexts();
  const { busy, run } = useConsoleAction();
  const [dialog, setDialog] = useState<'open' | 'remove' | null>(null);
  const editorial = summary.source !== 'model';
  return (
    <article className={cardClass} aria-label={summary.title} data-testid="admin-summary">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold text-stone-900">{summary.title}</h3>
        <Badge>{summary.language.toUpperCase()}</Badge>
        {editorial ? <Badge variant="brand">{t('summaries.editorial')}</Badge> : null}
      </header>
      <p className="text-sm text-stone-700">{summary.author}</p>
      <p className="text-sm text-stone-600">
        {t('summaries.score', { score: summary.score, likes: summary.likes, dislikes: summary.dislikes })} ·{' '}
        {t('summaries.readers', { count: summary.readers })}
      </p>
      <p className="text-xs text-stone-600">
        {t('summaries.made', { date: formatWhen(summary.createdAt), model: summary.model })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setDialog('open')}>
          {t('summaries.open')}
        </Button>
        {!editorial ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => void run('regenerate', () => regenerateSummary(summary.id))}
            >
              {busy === 'regenerate' ? t('summaries.regenerating') : t('summaries.regenerate')}
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={busy !== null}
              onClick={() => setDialog('remove')}
            >
              {t('summaries.remove')}
            </Button>
          </>
        ) : null}
      </div>
      <ActionDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
        title={t('summaries.removeTitle', { title: summary.title })}
        description={t('summaries.removeBody')}
        closeLabel={t('common.cancel')}
        actions={
          <Button
            variant="destructive"
            disabled={busy !== null}
            onClick={() => void run('remove', () => removeSummary(summary.id)).then(() => setDialog(null))}
          >
            {t('summaries.remove')}
          </Button>
        }
      />
      {dialog === 'open' ? <SummaryDialog summary={summary} onClose={() => setDialog(null)} /> : null}
    </article>
  );
}

/** Every text of a field of the content, in order (a section's title and its explanation on one line). */
function linesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(linesOf);
  if (value && typeof value === 'object') {
    const parts = Object.values(value).flatMap(linesOf);
    return parts.length > 0 ? [parts.join(' — ')] : [];
  }
  return [];
}

/** The content's fields as blocks of text, the one-liner and the kind left out (shown elsewhere). */
function textBlocks(content: object): string[][] {
  return Object.entries(content)
    .filter(([key]) => key !== 'kind' && key !== 'oneLiner')
    .map(([, value]) => linesOf(value))
    .filter((block) => block.length > 0);
}

/** The summary as stored: its one-liner and the text of its sections. */
function SummaryDialog({ summary, onClose }: { summary: AdminSummary; onClose: () => void }) {
  const { t } = useConsoleTexts();
  const opened = useQuery(adminSummaryQuery(summary.id));
  const content = opened.data?.content;
  return (
    <ActionDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={summary.title}
      description={content?.oneLiner ?? t('common.loading')}
      closeLabel={t('summaries.close')}
      className="max-w-2xl"
    >
      {content ? (
        <div className="flex max-h-[60vh] flex-col gap-3 overflow-auto rounded-xl bg-stone-50 p-3 text-sm text-stone-800">
          {textBlocks(content).map((block, index) =>
            block.length === 1 ? (
              <p key={index}>{block[0]}</p>
            ) : (
              <ul key={index} className="list-disc pl-5">
                {block.map((line, position) => (
                  <li key={position}>{line}</li>
                ))}
              </ul>
            ),
          )}
        </div>
      ) : null}
    </ActionDialog>
  );
}
