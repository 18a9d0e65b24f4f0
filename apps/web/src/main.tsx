import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { routes } from './app/routes';
import './lib/i18n';
import './index.css';

/** Spec §9: toasts stay 800 ms. */
const TOAST_DURATION_MS = 800;

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
  </StrictMode>,
);
