import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { ENDPOINT_ROUTES, FULL_NAME_MAX_LENGTH, type Language, type Session } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import {
  createUserWithIdentity,
  findUserIdByEmail,
  findUserIdByIdentity,
  linkIdentity,
} from './auth.repository.js';
import { confirmByIdentityProvider } from './email-confirmation.repository.js';
import { createHandoff, savePendingSignIn, takeHandoff, takePendingSignIn } from './google.repository.js';
import type { AuthDeps, SessionService } from './session.service.js';
import { randomToken, safeEqual, sha256, sha256Base64Url } from './tokens.service.js';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** How long a visitor may take at Google's consent screen. */
const PENDING_TTL_SECONDS = 10 * 60;
/** The web app exchanges its hand-off code right after the redirect. */
const HANDOFF_TTL_SECONDS = 2 * 60;
const HTTP_TIMEOUT_MS = 10_000;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string() });

/** Why a Google sign-in failed, for the log; the visitor only learns that it failed. */
export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

export interface PendingSignup {
  language: Language | undefined;
  path: string | undefined;
  country: string | undefined;
}

/** Names arrive from Google as typed; keep them within the rules of a typed full name. */
function cleanName(name: unknown, email: string): string {
  const typed = typeof name === 'string' ? name : '';
  const cleaned = typed
    // eslint-disable-next-line no-control-regex
    .replace(/[<>\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, FULL_NAME_MAX_LENGTH)
    .trim();
  return cleaned || email.split('@')[0]?.slice(0, FULL_NAME_MAX_LENGTH) || email;
}

export interface GoogleSignInDeps extends Pick<
  AuthDeps,
  'db' | 'adminEmails' | 'log' | 'forgetSessions' | 'baseUrl'
> {
  /** Google's client (GOOGLE_CLIENT_ID...); without it, only a hand-off code could be spent. */
  settings: GoogleSettings | undefined;
  sessions: SessionService;
}

/**
 * Google sign-in, an OpenID Connect client for Google (or any issuer with discovery):
 * authorization code flow with PKCE, state and nonce. Everything a flow needs between its two
 * legs is in the database, so any instance can finish a flow another one started; only discovery
 * and keys are cached.
 */
export class GoogleSignInService {
  private discovery: Promise<Discovery> | undefined;
  private keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(private readonly deps: GoogleSignInDeps) {}

  /** Whether Google sign-in is configured. */
  get enabled(): boolean {
    return this.deps.settings !== undefined;
  }

  /** Stores a pending sign-in and answers Google's authorization URL and the state. */
  async start(signup: PendingSignup): Promise<{ authorizationUrl: string; state: string }> {
    const settings = this.settings();
    const config = await this.discover();
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken(48);
    const redirectUri = `${this.deps.baseUrl()}${ENDPOINT_ROUTES.auth.googleCallback.path}`;
    await savePendingSignIn(this.deps.db, {
      stateHash: sha256(state),
      codeVerifier,
      nonce,
      redirectUri,
      signupLanguage: signup.language ?? null,
      signupPath: signup.path ?? null,
      signupCountry: signup.country ?? null,
      expiresAt: new Date(Date.now() + PENDING_TTL_SECONDS * 1000),
    });
    const url = new URL(config.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: sha256Base64Url(codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return { authorizationUrl: url.toString(), state };
  }

  /**
   * Finishes a sign-in: checks the state, exchanges the code, verifies the id_token, finds,
   * links or creates the user, and answers a one-time code for the web app.
   */
  async finish(callback: { code: string; state: string }, fallbackLanguage: Language): Promise<string> {
    const { db, adminEmails, log } = this.deps;
    const settings = this.settings();
    const pending = await takePendingSignIn(db, sha256(callback.state));
    if (!pending) throw new GoogleSignInError('unknown or expired state');
    const config = await this.discover();

    const response = await fetch(config.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.code,
        redirect_uri: pending.redirectUri,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code_verifier: pending.codeVerifier,
      }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) throw new GoogleSignInError(`token endpoint answered ${response.status}`);
    const tokens = tokenResponseSchema.safeParse(await response.json());
    if (!tokens.success) throw new GoogleSignInError('token endpoint sent no id_token');

    const claims = await this.verifyIdToken(tokens.data.id_token, pending.nonce);
    const subject = claims.sub ?? '';
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // An unverified address could belong to someone else: never sign in or link with it.
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified) throw new GoogleSignInError('no verified e-mail in the id_token');

    const identity = { provider: 'google' as const, subject };
    let userId = await findUserIdByIdentity(db, 'google', subject);
    if (!userId) {
      userId =
        (await createUserWithIdentity(
          db,
          {
            email,
            fullName: cleanName(claims.name, email),
            passwordHash: null,
            signup: {
              method: 'google',
              language: pending.signupLanguage ?? fallbackLanguage,
              path: pending.signupPath ?? undefined,
              country: pending.signupCountry ?? undefined,
            },
          },
          identity,
        )) ?? (await findUserIdByEmail(db, email));
      if (!userId) throw new GoogleSignInError('user could not be created');
      // An account with this (verified) e-mail already existed: link Google to it.
      await linkIdentity(db, { ...identity, userId, email });
    }
    // Google proved the address. Should a stranger have signed up with it and never proven it,
    // their password and sessions end here.
    if (await confirmByIdentityProvider(db, userId, email, adminEmails)) {
      log.warn({ userId }, 'an unproven account was taken over by the owner of its address (Google)');
    }
    this.deps.forgetSessions({ userId });

    const code = randomToken();
    await createHandoff(db, {
      codeHash: sha256(code),
      userId,
      expiresAt: new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000),
    });
    return code;
  }

  /** Spends the one-time code of a finished Google sign-in for a session. */
  async exchange(code: string, userAgent: string | undefined): Promise<Session> {
    const userId = await takeHandoff(this.deps.db, sha256(code));
    if (!userId) throw new AppError('INVALID_TOKEN', 400);
    return this.deps.sessions.start(userId, { method: 'google', userAgent });
  }

  private settings(): GoogleSettings {
    if (!this.deps.settings) throw new AppError('GOOGLE_NOT_CONFIGURED', 404);
    return this.deps.settings;
  }

  private discover(): Promise<Discovery> {
    const { issuer } = this.settings();
    this.discovery ??= (async () => {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new GoogleSignInError(`discovery answered ${response.status}`);
      return discoverySchema.parse(await response.json());
    })().catch((error: unknown) => {
      this.discovery = undefined;
      throw error;
    });
    return this.discovery;
  }

  private async verifyIdToken(idToken: string, nonce: string): Promise<JWTPayload> {
    const config = await this.discover();
    this.keys ??= createRemoteJWKSet(new URL(config.jwks_uri));
    // Signature against the issuer's published keys, then iss, aud and exp.
    const { payload } = await jwtVerify(idToken, this.keys, {
      issuer: config.issuer,
      audience: this.settings().clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, nonce)) {
      throw new GoogleSignInError('id_token nonce does not match');
    }
    return payload;
  }
}
