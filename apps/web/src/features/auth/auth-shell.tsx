import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AuthShellProps {
  title: string;
  lead?: string;
  /** The meta description (React hoists it into <head>). */
  description?: string;
  children: ReactNode;
}

/** A narrow, centred column for the auth screens: heading, lead line and one card. */
export function AuthShell({ title, lead, description, children }: AuthShellProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:py-14">
      <title>{`${title} · ${t('common.appName')}`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-base text-stone-600">{lead}</p> : null}
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}
