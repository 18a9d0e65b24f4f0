import {
  Award,
  Repeat,
  CircleHelp,
  Compass,
  Crown,
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
import { ReaderAvatar } from '../gamification/reader-avatar';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

type NavKey =
  'profile' | 'ranking' | 'achievements' | 'review' | 'explore' | 'history' | 'premium' | 'faq' | 'contact';

/** Spec §2, Home page: the user menu's items, in order. */
const MENU_ITEMS: readonly { key: NavKey; to: string; icon: LucideIcon }[] = [
  { key: 'profile', to: '/profile', icon: UserRound },
  { key: 'ranking', to: '/ranking', icon: Trophy },
  { key: 'achievements', to: '/achievements', icon: Award },
  { key: 'review', to: '/review', icon: Repeat },
  { key: 'explore', to: '/explore', icon: Compass },
  { key: 'history', to: '/history', icon: History },
  { key: 'premium', to: '/plans', icon: Crown },
  { key: 'faq', to: '/faq', icon: CircleHelp },
  { key: 'contact', to: '/contact', icon: Mail },
];

export function UserMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const profile = useContext(ReaderProgressContext)?.me?.profile ?? null;

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
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          {t('common.nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
