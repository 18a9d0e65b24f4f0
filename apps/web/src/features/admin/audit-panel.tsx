import type { AdminAuditEntry } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type TableColumn } from '../../components/ui/data-table';
import { auditQuery } from './admin-api';
import { ConsoleSection, formatWhen } from './console-parts';
import { useConsoleTexts } from './console-texts';

/** Every admin action, newest first: who, what, when, on whom. */
export function AuditPanel() {
  const { t } = useConsoleTexts();
  const audit = useQuery(auditQuery());
  const columns: TableColumn<AdminAuditEntry>[] = [
    {
      header: t('audit.when'),
      cell: (entry) => <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>,
      className: 'whitespace-nowrap',
    },
    { header: t('audit.who'), cell: (entry) => entry.adminEmail, className: 'break-all' },
    { header: t('audit.what'), cell: (entry) => t(`audit.actions.${entry.action}`) },
    { header: t('audit.target'), cell: targetOf, className: 'break-all' },
  ];
  return (
    <ConsoleSection id="console-audit" title={t('audit.title')} query={audit}>
      {(entries) =>
        entries.length === 0 ? (
          <p className="text-sm text-stone-600">{t('audit.none')}</p>
        ) : (
          <>
            {/* Phones get one card per action; wider screens the table (only one is displayed). */}
            <ul className="flex flex-col gap-2 sm:hidden" aria-label={t('audit.title')}>
              {entries.map((entry) => (
                <li key={entry.id} className="rounded-2xl border border-stone-200 bg-white p-3 text-sm">
                  <p className="font-semibold text-stone-900">{t(`audit.actions.${entry.action}`)}</p>
                  <p className="break-all text-stone-700">{targetOf(entry)}</p>
                  <p className="text-xs text-stone-600">
                    <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time> · {entry.adminEmail}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white sm:block">
              <DataTable
                caption={t('audit.title')}
                columns={columns}
                rows={entries}
                rowKey={(entry) => entry.id}
              />
            </div>
          </>
        )
      }
    </ConsoleSection>
  );
}

/** The action's target as the log names it: its label, else its id. */
function targetOf(entry: AdminAuditEntry): string {
  return entry.targetLabel ?? entry.targetId ?? '';
}
