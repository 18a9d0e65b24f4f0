import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PATHS,
  authConfigSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  GOOGLE_CODE_PARAM,
  GOOGLE_ERROR_PARAM,
  GOOGLE_ERROR_PATH,
  GOOGLE_REDIRECT_PATH,
  googleCallbackQuerySchema,
  googleExchangeRequestSchema,
  googleStartQuerySchema,
  languageFromAcceptLanguage,
  loginRequestSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  resetRequestSchema,
  sessionSchema,
  signupRequestSchema,
  userResponseSchema,
  type ErrorCode,
} from '@summa/shared';
import type { AppConfig } from '../../config/env.js';
import { AppError } from '../../http/app-error.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import { accountKey, AUTH_RATE_LIMITS, createLoginThrottle, readCookie } from './auth-rate-limits.js';
import { changePassword, logIn, signUp } from './auth.service.js';
import {
  createGoogleClient,
  exchangeGoogleCode,
  GoogleSignInError,
  type GoogleSettings,
} from './google.service.js';
import { confirmEmail, requestConfirmation } from './email-confirmation.service.js';
import { requestRecovery, resetPassword } from './recovery.service.js';
import { endSession, loadAuthUser, refreshSession, refreshTokenOwner } from './session.service.js';
import { errorResponses } from '../../http/error-responses.js';

const MINUTE = 60;

/** Carries the state from /google/start to /google/callback in the same browser only. */
const STATE_COOKIE = 'summa_google_state';
const STATE_COOKIE_PATH = '/api/auth/google';

export interface AuthRoutesOptions {
  google: GoogleSettings | undefined;
  /** PUBLIC_URL: the base of mailed links and of the Google redirect URI. */
  publicUrl: string | undefined;
  /** The configured port; without PUBLIC_URL the base is http://localhost on the port listened on. */
  port: number;
  /** In production, a missing PUBLIC_URL is logged at start: a warning, or a note when `readableLog`. */
  env: AppConfig['env'];
  /**
   * The log is for a person at a terminal (LOG_FORMAT=pretty, or a TTY): someone trying Summa on
   * their own machine, where localhost links are right; a deployment logs JSON and gets the warning.
   */
  readableLog: boolean;
}

const bearer = [{ bearerAuth: [] }];
function stateCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${STATE_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const google = options.google ? createGoogleClient(options.google) : undefined;
  /**
   * The base of mailed links and of the OAuth redirect: PUBLIC_URL, else this server on localhost.
   * Never the request's Host or X-Forwarded-Host: anyone can set those, and a reset link mailed
   * to a victim would then carry its token to the attacker's site.
   */
  const baseUrl = () => {
    if (options.publicUrl) return options.publicUrl;
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : options.port;
    return `http://localhost:${port}`;
  };
  if (!options.publicUrl && options.env === 'production') {
    if (options.readableLog) {
      app.log.info(
        `Links in e-mails point to http://localhost:${options.port}; set PUBLIC_URL when others reach this server at another address`,
      );
    } else {
      app.log.warn(
        `PUBLIC_URL is unset: password-reset links and the Google redirect URI point to http://localhost:${options.port}; set PUBLIC_URL to the site's public address`,
      );
    }
  }
  const byIp = (rule: RateLimitRule, request: FastifyRequest) =>
    app.rateLimit.check(rule, `ip:${request.ip}`);
  const byAccount = (rule: RateLimitRule, account: string) => app.rateLimit.check(rule, accountKey(account));
  const loginThrottle = await createLoginThrottle(app);

  app.get(
    AUTH_PATHS.config,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods this server offers',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ google: google !== undefined }),
  );

  app.post(
    AUTH_PATHS.signup,
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with e-mail and password, and sign in',
        body: signupRequestSchema,
        response: { 201: sessionSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.signupIp, request);
      await byAccount(AUTH_RATE_LIMITS.signupAccount, request.body.email);
      const session = await signUp(app, request.body);
      // The address is the reader's word until they open this link (no role or grant before).
      requestConfirmation(app, session.user.id, baseUrl());
      loginThrottle.remember(reply, request.body.email);
      return reply.code(201).send(session);
    },
  );

  app.post(
    AUTH_PATHS.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await loginThrottle.admit(request, request.body.email);
      const session = await logIn(app, request.body);
      loginThrottle.remember(reply, request.body.email);
      return session;
    },
  );

  app.post(
    AUTH_PATHS.refresh,
    {
      schema: {
        tags: ['auth'],
        summary: 'Spend a refresh token for a new session (single use; reuse revokes the family)',
        body: refreshRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await byIp(AUTH_RATE_LIMITS.refreshIp, request);
      const userId = await refreshTokenOwner(app, request.body.refresh_token);
      if (userId) await byAccount(AUTH_RATE_LIMITS.refreshAccount, userId);
      return refreshSession(app, request.body.refresh_token);
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the session of the access token',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endSession(app, request.user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    AUTH_PATHS.user,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: await loadAuthUser(app, request.user.id) }),
  );

  app.post(
    AUTH_PATHS.password,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; signs out every other session',
        security: bearer,
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.passwordAccount, request.user.id);
      await changePassword(app, request.user, request.body);
      app.forgetSessions({ userId: request.user.id }); // every other session is signed out
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.recover,
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link; the same answer whether or not the e-mail has an account',
        body: recoverRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.recoverIp, request);
      await byAccount(AUTH_RATE_LIMITS.recoverAccount, request.body.email);
      requestRecovery(app, request.body.email, baseUrl());
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.reset,
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs out every session and signs in',
        body: resetRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await byIp(AUTH_RATE_LIMITS.resetIp, request);
      const session = await resetPassword(app, request.body.token, request.body.password);
      app.forgetSessions({ userId: session.user.id }); // every earlier session is signed out
      return session;
    },
  );

  app.post(
    AUTH_PATHS.confirmEmail,
    {
      schema: {
        tags: ['auth'],
        summary: "Prove the account's e-mail address with the mailed confirmation link",
        body: confirmEmailRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.confirmIp, request);
      await confirmEmail(app, request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.resendConfirmation,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new confirmation link to the signed-in account (nothing once its address is proven)',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.confirmResendAccount, request.user.id);
      requestConfirmation(app, request.user.id, baseUrl());
      return reply.code(204).send(null);
    },
  );

  const failGoogle = (reply: FastifyReply, code: ErrorCode = 'GOOGLE_SIGN_IN_FAILED') =>
    reply
      .header('set-cookie', stateCookie(reply.request, '', 0))
      .redirect(`${GOOGLE_ERROR_PATH}?${GOOGLE_ERROR_PARAM}=${code}`, 302);

  app.get(
    AUTH_PATHS.googleStart,
    {
      schema: {
        tags: ['auth'],
        summary: "Start Google sign-in: redirects to Google's consent screen",
        querystring: googleStartQuerySchema,
        response: { ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      if (!google) throw new AppError('GOOGLE_NOT_CONFIGURED', 404);
      let started;
      try {
        started = await google.start(app, `${baseUrl()}${AUTH_PATHS.googleCallback}`, {
          language: request.query.language,
          path: request.query.path,
          country: request.query.country,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return failGoogle(reply);
      }
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', stateCookie(request, started.state, 10 * MINUTE))
        .redirect(started.authorizationUrl, 302);
    },
  );

  app.get(
    AUTH_PATHS.googleCallback,
    {
      schema: {
        tags: ['auth'],
        summary: 'Google redirects here; redirects on to /welcome with a one-time code in the fragment',
        querystring: googleCallbackQuerySchema,
        response: { ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!google) throw new AppError('GOOGLE_NOT_CONFIGURED', 404);
      const { code, state, error } = request.query;
      const cookieState = readCookie(request, STATE_COOKIE);
      // The state must come back to the browser that started the flow (login CSRF).
      if (error || !code || !state || !cookieState || cookieState !== state) {
        request.log.warn(
          { providerError: error, stateMatches: cookieState === state },
          'Google sign-in refused',
        );
        return failGoogle(reply);
      }
      let handoff;
      try {
        handoff = await google.finish(
          app,
          { code, state },
          languageFromAcceptLanguage(request.headers['accept-language']),
        );
      } catch (failure) {
        const expected = failure instanceof GoogleSignInError;
        request.log.warn({ err: failure, expected }, 'Google sign-in failed');
        return failGoogle(reply);
      }
      // In the fragment, the code never reaches a server log or a Referer header.
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', stateCookie(request, '', 0))
        .redirect(`${GOOGLE_REDIRECT_PATH}#${GOOGLE_CODE_PARAM}=${handoff}`, 302);
    },
  );

  app.post(
    AUTH_PATHS.googleExchange,
    {
      schema: {
        tags: ['auth'],
        summary: 'Spend the one-time code of a finished Google sign-in for a session',
        body: googleExchangeRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await byIp(AUTH_RATE_LIMITS.googleExchangeIp, request);
      return exchangeGoogleCode(app, request.body.code);
    },
  );
};
