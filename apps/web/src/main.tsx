// First: zod's settings must be in place before any schema parses.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { AppToaster } from './components/app-toaster';
import './lib/i18n';
import { manifestFollowsLanguage } from './lib/pwa/follow-language';
import { registerServiceWorker } from './lib/pwa/app-update';
import { applyThemeChoice, themeChoice } from './lib/theme';
import './index.css';

// public/theme.js set the theme before the first paint; this also tells the browser's bar.
applyThemeChoice(themeChoice());
manifestFollowsLanguage();
// The installed app's service worker (ADR 0036): only what the build made has one.
if (import.meta.env.PROD) registerServiceWorker();

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <AppToaster />
  </StrictMode>,
);
