import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES, isLanguage } from '@summa/shared/languages';
import { currentLanguage, setLanguage } from '../../lib/i18n';
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

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();

  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    setLanguage(value);
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
