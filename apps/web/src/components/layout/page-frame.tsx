import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageFrameProps {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  /** What the app keeps after the footer (focus handling, XP feedback). */
  after?: ReactNode;
}

/** Every page's frame: the skip link, the header, the main landmark and the footer (the app's and the prerender's). */
export function PageFrame({ header, footer, children, after }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('common.skipToContent')}
      </a>
      {header}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      {footer}
      {after}
    </div>
  );
}
