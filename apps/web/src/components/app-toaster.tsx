import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/use-theme';

/**
 * Spec §9: a toast stays on screen for 800 ms ('+N XP', 'Saved'). Errors and toasts with an action
 * stay longer, to be read (lib/toast.ts, issue 23).
 */
export const TOAST_DURATION_MS = 800;

/** The sticky header is h-16 (64 px); toasts start 8 px below it so they never cover it (issue 14, on a phone). */
export const TOAST_TOP_OFFSET = 'calc(4rem + 8px)';

/**
 * The app's one toast region: top centre below the header, coloured by type, each toast with a
 * close button (from the keyboard: Alt+T goes into the toasts, which pauses them, then Tab).
 */
export function AppToaster() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      position="top-center"
      duration={TOAST_DURATION_MS}
      // Sonner uses mobileOffset under 600 px (full-width toasts) and offset above it.
      offset={{ top: TOAST_TOP_OFFSET }}
      mobileOffset={{ top: TOAST_TOP_OFFSET }}
      richColors
      closeButton
      // Sonner's own labels are English only; the region and its close buttons speak the reader's language.
      containerAriaLabel={t('common.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('common.toast.close') }}
    />
  );
}
