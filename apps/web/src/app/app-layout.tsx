import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { XpFeedbackHost } from '../components/gamification/xp-feedback-host';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PageFrame } from '../components/layout/page-frame';
import { PageSpinner } from '../components/page-spinner';
import { OfflineNotice } from '../components/pwa/offline-notice';
import { UpdatePrompt } from '../components/pwa/update-prompt';
import { AuthProvider } from '../lib/auth/auth-provider';
import { ReaderProgressProvider } from '../lib/progress/progress-provider';
import { QueuedXpSender } from '../lib/progress/use-award-xp';
import { QueryProvider } from '../lib/query-provider';
import { RouteFocus } from './route-focus';

export function AppLayout() {
  return (
    <QueryProvider>
      <AuthProvider>
        <ReaderProgressProvider>
          <PageFrame
            header={
              <>
                <Header />
                <OfflineNotice />
              </>
            }
            footer={<Footer />}
            after={
              <>
                <RouteFocus mainId="main" />
                <XpFeedbackHost />
                <QueuedXpSender />
                <UpdatePrompt />
              </>
            }
          >
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </PageFrame>
        </ReaderProgressProvider>
      </AuthProvider>
    </QueryProvider>
  );
}
