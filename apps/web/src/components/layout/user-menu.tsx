import {
  Award,
  Repeat,
  CircleHelp,
  Compass,
  Crown,
  HardDrive,
  History,
  LogOut,
  Mail,
  Trophy,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContext } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { authClient } from '../../lib/auth/auth-client';
import { useAuth } from '../../lib/auth/use-auth';
import { ReaderProgressContext } from '../../lib/progress/progress-context';
import { isThemeChoice, setThemeChoice } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { THEME_ITEMS } from '../theme-items';
import { ReaderAvatar } from '../gamification/reader-avatar';
import { ON_THIS_DEVICE_PATH } from '../pwa/offline-notice';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

type NavKey =
  | 'profile'
  | 'ranking'
  | 'achievements'
  | 'review'
  | 'explore'
  | 'history'
  | 'onThisDevice'
  | 'premium'
  | 'faq'
  | 'contact';

/** Spec §2, Home page: the user menu's items, in order. */
const MENU_ITEMS: readonly { key: NavKey; to: string; icon: LucideIcon }[] = [
  { key: 'profile', to: '/profile', icon: UserRound },
  { key: 'ranking', to: '/ranking', icon: Trophy },
  { key: 'achievements', to: '/achievements', icon: Award },
  { key: 'review', to: '/review', icon: Repeat },
  { key: 'explore', to: '/explore', icon: Compass },
  { key: 'history', to: '/history', icon: History },
  // The summaries kept in this browser (ADR 0036).
  { key: 'onThisDevice', to: ON_THIS_DEVICE_PATH, icon: HardDrive },
  { key: 'premium', to: '/plans', icon: Crown },
  { key: 'faq', to: '/faq', icon: CircleHelp },
  { key: 'contact', to: '/contact', icon: Mail },
];

export function UserMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const profile = useContext(ReaderProgressContext)?.me?.profile ?? null;
  const { choice } = useTheme();

  // Spec §2: sign out, show the logout toast, then go to /auth.
  const signOut = async () => {
    await authClient.signOut();
    toast(t('common.toast.signedOut'));
    void navigate('/auth', { replace: true });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="rounded-full p-0"
          aria-label={t('common.nav.userMenu')}
          title={email}
        >
          <ReaderAvatar
            url={profile?.avatarUrl ?? null}
            name={profile?.nickname ?? user?.full_name ?? null}
            className="size-9"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <p className="truncate px-3 py-2 text-xs text-stone-500">{email}</p>
        <DropdownMenuSeparator />
        {MENU_ITEMS.map(({ key, to, icon: Icon }) => (
          <DropdownMenuItem key={key} asChild>
            <Link to={to}>
              <Icon aria-hidden />
              {t(`common.nav.${key}`)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <p className="px-3 pt-1 pb-1 text-xs font-medium text-stone-600" aria-hidden>
          {t('common.theme.label')}
        </p>
        <DropdownMenuRadioGroup
          aria-label={t('common.theme.label')}
          value={choice}
          onValueChange={(value) => {
            if (isThemeChoice(value)) setThemeChoice(value);
          }}
        >
          {THEME_ITEMS.map(({ choice: item, icon: Icon }) => (
            // Choosing a theme keeps the menu open, to see it and choose again.
            <DropdownMenuRadioItem key={item} value={item} onSelect={(event) => event.preventDefault()}>
              <Icon aria-hidden />
              {t(`common.theme.${item}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          {t('common.nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
