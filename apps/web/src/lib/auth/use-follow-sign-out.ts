import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './use-auth';

/** A signed-in screen follows a sign-out that happens later, here or in another tab, by going to /auth. */
export function useFollowSignOut(): void {
  const { session, loading } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loading && !session) void navigate('/auth', { replace: true });
  }, [loading, session, navigate]);
}
