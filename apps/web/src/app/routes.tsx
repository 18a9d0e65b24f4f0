import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LANGUAGES, isLanguage, type Language } from '@summa/shared/languages';
import { authClient } from '../lib/auth/auth-client';
import { detectLanguage, setLanguage, storedLanguage } from '../lib/i18n';
import { AppLayout } from './app-layout';
import { PageSpinner } from '../components/page-spinner';
import {
  authEntry,
  requireAdmin,
  requireSession,
  requireSessionAfterRetry,
  requireSessionOrGoogleCode,
  summaryEntry,
} from './guards';
import { AdminGate, SignedInLayout } from './signed-in-layout';

type PageModule = Record<string, unknown>;

/** Lazy-loads one named page component, so each screen is its own chunk. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return { Component: module[name] as React.ComponentType };
  };
}

const landing = page(() => import('../features/landing/landing-page'), 'LandingPage');
const auth = page(() => import('../features/auth/auth-page'), 'AuthPage');
const terms = page(() => import('../features/legal/terms-page'), 'TermsPage');
const privacy = page(() => import('../features/legal/privacy-page'), 'PrivacyPage');
const faq = page(() => import('../features/faq/faq-page'), 'FaqPage');
const demo = page(() => import('../features/demo/demo-page'), 'DemoPage');

/**
 * Spec route '/': signed-in users go to /home, visitors to their language's landing page. The
 * installed app starts at /?lang=xx (its manifest's language, ADR 0036), which decides only for a
 * visitor who never chose a language.
 */
function decideStart({ request }: LoaderFunctionArgs) {
  if (authClient.currentSession()) return redirect('/home');
  const installedIn = new URL(request.url).searchParams.get('lang');
  return redirect(`/${storedLanguage() ?? (isLanguage(installedIn) ? installedIn : detectLanguage())}`);
}

/** /pt, /en and /es switch the interface language (and store it) before the page renders. */
function languageScope(language: Language): RouteObject {
  return {
    path: language,
    loader: () => {
      setLanguage(language);
      return null;
    },
    children: [
      { index: true, lazy: landing },
      { path: 'auth', loader: authEntry, lazy: auth },
      { path: 'terms', lazy: terms },
      { path: 'privacy', lazy: privacy },
      { path: 'faq', lazy: faq },
      { path: 'demo', lazy: demo },
    ],
  };
}

/** Screens for signed-in users (spec §6), besides /home and /welcome. */
const SIGNED_IN_ROUTES: RouteObject[] = [
  {
    path: 'premium-welcome',
    lazy: page(() => import('../features/plans/premium-welcome-page'), 'PremiumWelcomePage'),
  },
  { path: 'history', lazy: page(() => import('../features/history/history-page'), 'HistoryPage') },
  {
    path: 'offline',
    lazy: page(() => import('../features/offline/on-this-device-page'), 'OnThisDevicePage'),
  },
  { path: 'plans', lazy: page(() => import('../features/plans/plans-page'), 'PlansPage') },
  { path: 'explore', lazy: page(() => import('../features/explore/explore-page'), 'ExplorePage') },
  { path: 'profile', lazy: page(() => import('../features/profile/profile-page'), 'ProfilePage') },
  {
    path: 'achievements',
    lazy: page(() => import('../features/achievements/achievements-page'), 'AchievementsPage'),
  },
  { path: 'ranking', lazy: page(() => import('../features/ranking/ranking-page'), 'RankingPage') },
  { path: 'review', lazy: page(() => import('../features/review/review-page'), 'ReviewPage') },
  { path: 'settings', lazy: page(() => import('../features/settings/settings-page'), 'SettingsPage') },
  { path: 'people', lazy: page(() => import('../features/people/people-page'), 'PeoplePage') },
  {
    path: 'people/:slug',
    lazy: page(() => import('../features/people/people-shelf'), 'PeopleShelfPage'),
  },
];

/** Screens for the admin role only; other users see the access-denied page. */
const ADMIN_ROUTES: RouteObject[] = [
  { path: 'admin', lazy: page(() => import('../features/admin/admin-page'), 'AdminPage') },
  {
    path: 'populate-books',
    lazy: page(() => import('../features/admin/populate-books-page'), 'PopulateBooksPage'),
  },
  {
    path: 'curation/people',
    lazy: page(() => import('../features/people/curation-people-page'), 'CurationPeoplePage'),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageSpinner,
    children: [
      // The loader always redirects; the spinner only gives the matched leaf something to render
      // meanwhile (without it React Router warns on every visit to '/').
      { index: true, loader: decideStart, Component: PageSpinner },
      ...LANGUAGES.map(languageScope),
      { path: 'auth', loader: authEntry, lazy: auth },
      {
        path: 'auth/reset',
        lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: 'auth/confirm',
        lazy: page(() => import('../features/auth/confirm-email-page'), 'ConfirmEmailPage'),
      },
      {
        // Signed in, or back from Google with a code to exchange; the page follows sign-outs itself.
        path: 'welcome',
        loader: requireSessionOrGoogleCode,
        lazy: page(() => import('../features/auth/welcome-page'), 'WelcomePage'),
      },
      {
        // A reader's summary, or a visitor's preview of a shared one; the page follows sign-outs itself.
        path: 'summary/:id',
        loader: summaryEntry,
        lazy: page(() => import('./summary-route'), 'SummaryRoute'),
      },
      { path: 'demo', lazy: demo },
      { path: 'terms', lazy: terms },
      { path: 'privacy', lazy: privacy },
      { path: 'faq', lazy: faq },
      { path: 'contact', lazy: page(() => import('../features/contact/contact-page'), 'ContactPage') },
      {
        // Signed-in screens: each loader keeps visitors out; the layout follows later sign-outs.
        id: 'signed-in',
        Component: SignedInLayout,
        children: [
          {
            path: 'home',
            loader: requireSessionAfterRetry,
            lazy: page(() => import('./home-route'), 'HomeRoute'),
          },
          ...SIGNED_IN_ROUTES.map((route) => ({ ...route, loader: requireSession })),
          {
            id: 'admin',
            loader: requireAdmin,
            Component: AdminGate,
            children: ADMIN_ROUTES,
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
];
