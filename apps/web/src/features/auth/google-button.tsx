import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { authClient } from '../../lib/auth/auth-client';
import { signupMetadata } from '../../lib/auth/signup-metadata';

/** Google's "G" in its four colours; drawn here, as the CSP allows no outside images. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5c-.3 1.5-1.1 2.7-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1C3.3 21.3 7.3 24 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.3 14.3c-.2-.7-.4-1.5-.4-2.3s.1-1.6.4-2.3V6.6H1.3C.5 8.2 0 10 0 12s.5 3.8 1.3 5.4l4-3.1z"
      />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4C18 1.2 15.2 0 12 0 7.3 0 3.3 2.7 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

/** Spec §2: the Google button and its divider, shown only when Google is configured on the server. */
export function GoogleButton() {
  const { t } = useTranslation();
  const location = useLocation();
  const [available, setAvailable] = useState<boolean | undefined>();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let current = true;
    authClient
      .getConfig()
      .then((config) => {
        if (current) setAvailable(config.google);
      })
      .catch(() => {
        if (current) setAvailable(false);
      });
    return () => {
      current = false;
    };
  }, []);

  const start = () => {
    setLeaving(true);
    authClient.signInWithGoogle(signupMetadata(location.pathname));
  };

  // A button that cannot work is not shown, nor the divider below it.
  if (available !== true) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={leaving} onClick={start}>
        <GoogleMark />
        {t('auth.google.button')}
      </Button>
      <div className="mt-3 flex items-center gap-3 text-xs font-medium text-stone-500 uppercase">
        <span className="h-px flex-1 bg-stone-200" aria-hidden />
        {t('auth.divider')}
        <span className="h-px flex-1 bg-stone-200" aria-hidden />
      </div>
    </div>
  );
}
