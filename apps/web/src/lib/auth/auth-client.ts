import type { AuthConfig, AuthUser, Session, SignupRequest } from '@summa/shared';
import { ENDPOINT_ROUTES } from '@summa/shared/endpoint-routes';
import { ApiError, apiCall, connectApiAuth } from '../api-client';
import {
  SESSION_STORAGE_KEY,
  clearPendingSignup,
  clearStoredSession,
  parseStoredSession,
  readStoredSession,
  writePendingSignup,
  writeStoredSession,
  type PendingSignup,
} from './session-storage';

/** Spec §4: the token is checked every 30 s and refreshed when 3 ticks or fewer remain. */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
/** getSession() renews a session this close to its end instead of handing it out. */
const EXPIRY_MARGIN_MS = AUTO_REFRESH_TICK_THRESHOLD * AUTO_REFRESH_TICK_MS;
/** One refresh at a time across this browser's tabs, where the Web Locks API exists. */
const REFRESH_LOCK = 'summa.auth.refresh';

/** The auth endpoints with their contracts, loaded with the first auth call (see auth-contracts.ts). */
const endpoints = async () => (await import('./auth-contracts')).AUTH_ENDPOINTS;

/** Spec §4 session events (MFA is not offered, so MFA_CHALLENGE_VERIFIED never fires). */
export type AuthChangeEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

export type AuthStateListener = (event: AuthChangeEvent, session: Session | null) => void;

export interface AuthSubscription {
  unsubscribe(): void;
}

export interface SignUpCredentials {
  email: string;
  password: string;
  fullName: string;
}

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface AuthClientOptions {
  /** Where signInWithGoogle sends the browser; a full-page navigation by default. */
  redirect?: (url: string) => void;
}

function expiresInMs(session: Session): number {
  return session.expires_at * 1000 - Date.now();
}

/** The refresh token was refused: the session is over (as opposed to a network hiccup). */
function isRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function withoutEmpty(pending: PendingSignup): Pick<SignupRequest, 'signup_path' | 'signup_country'> {
  return {
    ...(pending.path ? { signup_path: pending.path } : {}),
    ...(pending.country ? { signup_country: pending.country } : {}),
  };
}

/**
 * The browser side of auth, shaped like a hosted-auth client: it keeps the session in
 * localStorage, renews it before it ends, tells subscribers what changed and follows the other
 * tabs of this browser.
 */
export class AuthClient {
  private session: Session | null;
  private readonly listeners = new Set<AuthStateListener>();
  private refreshing: Promise<Session | null> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private readonly initialized: Promise<void>;
  private readonly redirect: (url: string) => void;

  constructor(options: AuthClientOptions = {}) {
    this.redirect = options.redirect ?? ((url) => window.location.assign(url));
    this.session = readStoredSession();
    this.initialized = this.recover();
    connectApiAuth({
      accessToken: () => this.session?.access_token ?? null,
      renewAfterUnauthorized: (failedToken) => this.renewAfterUnauthorized(failedToken),
    });
  }

  /** Starts the 30 s refresh tick and following other tabs; safe to call more than once. */
  start(): void {
    if (this.tickTimer !== undefined) return;
    window.addEventListener('storage', this.onStorage);
    this.tickTimer = setInterval(() => void this.tick(), AUTO_REFRESH_TICK_MS);
    void this.tick();
  }

  stop(): void {
    window.removeEventListener('storage', this.onStorage);
    clearInterval(this.tickTimer);
    this.tickTimer = undefined;
  }

  /**
   * Calls `listener` with INITIAL_SESSION once the stored session has been checked, then with
   * every change.
   */
  onAuthStateChange(listener: AuthStateListener): AuthSubscription {
    this.listeners.add(listener);
    void this.initialized.then(() => {
      if (this.listeners.has(listener)) listener('INITIAL_SESSION', this.session);
    });
    return { unsubscribe: () => this.listeners.delete(listener) };
  }

  /** The session as known right now, without waiting or renewing it. */
  currentSession(): Session | null {
    return this.session;
  }

  /** The session, renewed first when it is about to end; null when signed out. */
  async getSession(): Promise<Session | null> {
    await this.initialized;
    const session = this.session;
    if (!session || expiresInMs(session) > EXPIRY_MARGIN_MS) return session;
    try {
      return await this.refreshSession();
    } catch {
      // Offline: hand out what we have; the server will say if it is too old.
      return this.session;
    }
  }

  /** The signed-in user as the server knows it now (role, plan...); null when signed out. */
  async getUser(): Promise<AuthUser | null> {
    if (!(await this.getSession())) return null;
    try {
      const { user } = await apiCall((await endpoints()).user, {});
      const session = this.session;
      if (session && JSON.stringify(session.user) !== JSON.stringify(user)) {
        this.save({ ...session, user }, 'USER_UPDATED');
      }
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  async signUp(credentials: SignUpCredentials, pending: PendingSignup): Promise<Session> {
    const body: SignupRequest = {
      email: credentials.email,
      password: credentials.password,
      full_name: credentials.fullName,
      signup_language: pending.language,
      ...withoutEmpty(pending),
    };
    const session = await apiCall((await endpoints()).signup, {
      body,
      token: null,
    });
    clearPendingSignup();
    this.save(session, 'SIGNED_IN');
    return session;
  }

  async signInWithPassword(credentials: SignInCredentials): Promise<Session> {
    const session = await apiCall((await endpoints()).login, {
      body: credentials,
      token: null,
    });
    this.save(session, 'SIGNED_IN');
    return session;
  }

  /**
   * Leaves for Google. The sign-up metadata goes along for a first sign-in and stays stored as
   * pending values until the return to /welcome completes.
   */
  signInWithGoogle(pending: PendingSignup): void {
    writePendingSignup(pending);
    const query = new URLSearchParams({ language: pending.language });
    if (pending.path) query.set('path', pending.path);
    if (pending.country) query.set('country', pending.country);
    this.redirect(`${ENDPOINT_ROUTES.auth.googleStart.path}?${query.toString()}`);
  }

  /** Trades the one-time code of the Google return for a session. */
  async exchangeGoogleCode(code: string): Promise<Session> {
    const session = await apiCall((await endpoints()).googleExchange, {
      body: { code },
      token: null,
    });
    clearPendingSignup();
    this.save(session, 'SIGNED_IN');
    return session;
  }

  /** Ends the session on the server (best effort) and here, whatever the server says. */
  async signOut(): Promise<void> {
    const session = this.session;
    if (session) {
      try {
        await apiCall((await endpoints()).logout, { token: session.access_token });
      } catch {
        // Already ended, expired or offline: signing out here is what counts.
      }
    }
    this.remove();
  }

  /** Answered alike whether or not the e-mail has an account. */
  async requestPasswordRecovery(email: string): Promise<void> {
    await apiCall((await endpoints()).recover, {
      body: { email },
      token: null,
    });
  }

  /** Sets a new password with the e-mailed token; the answer is a fresh session. */
  async resetPassword(token: string, password: string): Promise<Session> {
    const session = await apiCall((await endpoints()).reset, {
      body: { token, password },
      token: null,
    });
    this.save(session, 'PASSWORD_RECOVERY');
    return session;
  }

  /**
   * Proves the address with the e-mailed confirmation token; a signed-in browser then reads its
   * user again (the role and the notice follow).
   */
  async confirmEmail(token: string): Promise<void> {
    await apiCall((await endpoints()).confirmEmail, {
      body: { token },
      token: null,
    });
    if (this.session) await this.getUser().catch(() => null);
  }

  /** Mails the signed-in reader a new confirmation link (nothing once the address is proven). */
  async resendConfirmation(): Promise<void> {
    await apiCall((await endpoints()).resendConfirmation, {});
  }

  /** Which sign-in methods the server offers. */
  async getConfig(): Promise<AuthConfig> {
    return apiCall((await endpoints()).config, { token: null });
  }

  /** Renews the session; concurrent callers share one request. Null when the session is over. */
  refreshSession(): Promise<Session | null> {
    this.refreshing ??= this.refreshAcrossTabs().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshAcrossTabs(): Promise<Session | null> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return this.refreshNow();
    return locks.request(REFRESH_LOCK, () => this.refreshNow());
  }

  private async refreshNow(): Promise<Session | null> {
    const known = this.session;
    // Another tab may have renewed it already (the storage event can lag behind the lock).
    const stored = readStoredSession();
    if (known && stored && stored.refresh_token !== known.refresh_token && stored.user.id === known.user.id) {
      this.session = stored;
      this.notify('TOKEN_REFRESHED', stored);
      if (expiresInMs(stored) > EXPIRY_MARGIN_MS) return stored;
    }
    const current = this.session;
    if (!current) return null;
    try {
      const next = await apiCall((await endpoints()).refresh, {
        body: { refresh_token: current.refresh_token },
        token: null,
      });
      // Signed out (or signed in as someone else) while the request was out: drop the answer.
      if (this.session?.refresh_token !== current.refresh_token) return this.session;
      this.save(next, 'TOKEN_REFRESHED');
      return next;
    } catch (error) {
      if (!isRejected(error)) throw error;
      if (this.session?.refresh_token === current.refresh_token) this.remove();
      return this.session;
    }
  }

  private async renewAfterUnauthorized(failedToken: string): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    // Renewed meanwhile (here or in another tab): retry with the newer token.
    if (session.access_token !== failedToken) return session.access_token;
    try {
      return (await this.refreshSession())?.access_token ?? null;
    } catch {
      return null;
    }
  }

  /** Spec §4: every 30 s, renew when 3 ticks or fewer remain before expires_at. */
  private async tick(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const ticksLeft = Math.floor(expiresInMs(session) / AUTO_REFRESH_TICK_MS);
    if (ticksLeft > AUTO_REFRESH_TICK_THRESHOLD) return;
    try {
      await this.refreshSession();
    } catch {
      // Offline: the next tick tries again.
    }
  }

  /** At start, a stored session that has already ended is renewed (or dropped) quietly. */
  private async recover(): Promise<void> {
    const session = this.session;
    if (!session || expiresInMs(session) > 0) return;
    try {
      const next = await apiCall((await endpoints()).refresh, {
        body: { refresh_token: session.refresh_token },
        token: null,
      });
      if (this.session === session) this.store(next);
    } catch (error) {
      if (isRejected(error) && this.session === session) this.store(null);
    }
  }

  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    const previous = this.session;
    const next = event.key === null ? null : parseStoredSession(event.newValue);
    this.session = next;
    if (!next) {
      if (previous) this.notify('SIGNED_OUT', null);
    } else if (previous?.user.id !== next.user.id) {
      this.notify('SIGNED_IN', next);
    } else if (previous.access_token !== next.access_token) {
      this.notify('TOKEN_REFRESHED', next);
    } else if (JSON.stringify(previous.user) !== JSON.stringify(next.user)) {
      this.notify('USER_UPDATED', next);
    }
  };

  private store(session: Session | null): void {
    this.session = session;
    if (session) writeStoredSession(session);
    else clearStoredSession();
  }

  private save(session: Session, event: AuthChangeEvent): void {
    this.store(session);
    this.notify(event, session);
  }

  private remove(): void {
    const hadSession = this.session !== null;
    this.store(null);
    if (hadSession) this.notify('SIGNED_OUT', null);
  }

  private notify(event: AuthChangeEvent, session: Session | null): void {
    for (const listener of [...this.listeners]) listener(event, session);
  }
}

export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  return new AuthClient(options);
}

/** The app's one auth client. */
export const authClient = createAuthClient();
