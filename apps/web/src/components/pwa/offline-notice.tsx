import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth';
import { useOnline } from '../../lib/use-online';

/** The path of the 'On this device' list (routes.tsx). */
export const ON_THIS_DEVICE_PATH = '/offline';

/**
 * Above every screen while the browser is offline: what still works (the summaries kept on this
 * device) and that the rest needs the server. Nothing while online.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const { user } = useAuth();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 print:hidden"
    >
      <div className="mx-auto flex max-w-5xl items-start gap-3">
        <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          <span className="font-semibold">{t('offline.notice.title')}</span> {t('offline.notice.body')}
          {user ? (
            <>
              {' '}
              <Link to={ON_THIS_DEVICE_PATH} className="font-semibold underline underline-offset-2">
                {t('offline.notice.link')}
              </Link>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
