import { Outlet, useLoaderData } from 'react-router';
import { useFollowSignOut } from '../lib/auth/use-follow-sign-out';
import type { AdminAccess } from './guards';
import { ForbiddenPage } from './forbidden-page';

/**
 * Around every signed-in screen. The route loaders keep visitors out on arrival; this follows a
 * sign-out that happens later, here or in another tab, by going to /auth.
 */
export function SignedInLayout() {
  useFollowSignOut();
  return <Outlet />;
}

/** Around the admin screens: their page for admins, the access-denied page for everyone else. */
export function AdminGate() {
  const { allowed } = useLoaderData<AdminAccess>();
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
