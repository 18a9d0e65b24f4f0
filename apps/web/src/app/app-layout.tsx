import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { XpFeedbackHost } from '../components/gamification/xp-feedback-host';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PageSpinner } from '../components/page-spinner';
import { AuthProvider } from '../lib/auth/auth-provider';
import { ReaderProgressProvider } from '../lib/progress/progress-provider';
import { QueryProvider } from '../lib/query-provider';
import { RouteFocus } from './route-focus';

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <AuthProvider>
        <ReaderProgressProvider>
          <div className="flex min-h-dvh flex-col">
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
            >
              {t('common.skipToContent')}
            </a>
            <Header />
            <main id="main" className="flex flex-1 flex-col">
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </main>
            <Footer />
            <RouteFocus mainId="main" />
            <XpFeedbackHost />
          </div>
        </ReaderProgressProvider>
      </AuthProvider>
    </QueryProvider>
  );
}
