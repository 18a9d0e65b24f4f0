import type { Language } from '@summa/shared/languages';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';

interface AuthCtaProps {
  language: Language;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * Spec §2: every call-to-action of the landing page goes to /auth?lang={lang}, opening sign-up. A
 * plain link: the prerendered landing has no client router, and /auth is the app's (issue 24).
 */
export function AuthCta({ language, children, variant = 'accent', size = 'lg', className }: AuthCtaProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={`/auth?lang=${language}&mode=signup`} data-testid="landing-cta">
        {children}
      </a>
    </Button>
  );
}
