import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageProps {
  title: string;
  lead?: string;
  /** The meta description of a page search engines list (React hoists it into <head>). */
  description?: string;
  children?: ReactNode;
}

/** A screen's heading, lead line and document title; every page starts with one. */
export function Page({ title, lead, description, children }: PageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${title} · ${t('common.appName')}`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-lg text-stone-600">{lead}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
