import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Spec §9: a toast stays on screen for 800 ms. */
export const TOAST_DURATION_MS = 800;

/** The app's one toast region: top centre, coloured by type, each toast with a close button. */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      // Sonner's own labels are English only; the region and its close buttons speak the reader's language.
      containerAriaLabel={t('common.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('common.toast.close') }}
    />
  );
}
