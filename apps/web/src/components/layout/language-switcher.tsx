import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { LANGUAGES, isLanguage, type Language } from '@summa/shared/languages';
import { useAuth } from '../../lib/auth/use-auth';
import { updateProfile } from '../../lib/gamification-api';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { profileSaved } from '../../lib/invalidation';
import { logWarning } from '../../lib/logger';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** On /pt, /en and /es pages the language lives in the path, so switching moves there. */
function pathInLanguage(pathname: string, language: string): string | undefined {
  const [, first, ...rest] = pathname.split('/');
  if (!isLanguage(first)) return undefined;
  return ['', language, ...rest].join('/');
}

/** /auth?lang=xx sets the language on arrival, so a stale ?lang would undo the choice on reload. */
function searchInLanguage(search: string, language: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has('lang')) return undefined;
  params.set('lang', language);
  return `?${params.toString()}`;
}

/**
 * The header's language menu. Signed in, the choice is also saved to the account (its preferred
 * language, which the next sign-in restores and Settings shows); signed out, it stays in this
 * browser.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useAuth();
  const client = useQueryClient();
  const language = currentLanguage();
  const saveToAccount = useMutation({
    mutationFn: (preferredLanguage: Language) => updateProfile({ preferredLanguage }),
    onSuccess: ({ profile }) => profileSaved(client, profile),
    onError: (error) => {
      logWarning('the language could not be saved to the account', error);
      toast.error(t('common.toast.error'), { description: t('common.toast.tryAgain') });
    },
  });

  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    setLanguage(value);
    if (session) saveToAccount.mutate(value);
    const pathname = pathInLanguage(location.pathname, value);
    const search = searchInLanguage(location.search, value);
    if (pathname) void navigate({ pathname, search: search ?? location.search });
    // Same page, only its ?lang changes: Back must not lead to the old language.
    else if (search) void navigate({ pathname: location.pathname, search }, { replace: true });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('common.language.current', { code: language.toUpperCase() })}
        >
          <Globe aria-hidden />
          <span className="uppercase">{language}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={language} onValueChange={choose}>
          {LANGUAGES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {t(`common.language.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
