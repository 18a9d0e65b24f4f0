import { useQuery } from '@tanstack/react-query';
import { auditQuery } from './admin-api';
import { ConsoleSection, formatWhen } from './console-parts';
import { useConsoleTexts } from './console-texts';

/** Every admin action, newest first: who, what, when, on whom. */
export function AuditPanel() {
  const { t } = useConsoleTexts();
  const audit = useQuery(auditQuery());
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
                  <p className="break-all text-stone-700">{entry.targetLabel ?? entry.targetId ?? ''}</p>
                  <p className="text-xs text-stone-600">
                    <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time> · {entry.adminEmail}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white sm:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('audit.title')}</caption>
                <thead className="bg-stone-50 text-stone-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t('audit.when')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('audit.who')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('audit.what')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('audit.target')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} className="border-t border-stone-100">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                      </td>
                      <td className="px-3 py-2 break-all">{entry.adminEmail}</td>
                      <td className="px-3 py-2">{t(`audit.actions.${entry.action}`)}</td>
                      <td className="px-3 py-2 break-all">{entry.targetLabel ?? entry.targetId ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )
      }
    </ConsoleSection>
  );
}
