import type { Language } from '@summa/shared/languages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '../../components/ui/button';

interface AuthCtaProps {
  language: Language;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/** Spec §2: every call-to-action of the landing page goes to /auth?lang={lang}, opening sign-up. */
export function AuthCta({ language, children, variant = 'accent', size = 'lg', className }: AuthCtaProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={`/auth?lang=${language}&mode=signup`} data-testid="landing-cta">
        {children}
      </Link>
    </Button>
  );
}
