import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENDPOINTS,
  GOOGLE_CODE_PARAM,
  GOOGLE_ERROR_PARAM,
  GOOGLE_ERROR_PATH,
  GOOGLE_REDIRECT_PATH,
  languageFromAcceptLanguage,
  type ErrorCode,
} from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { endpointRoute, readerRoute } from '../../http/endpoint-route.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import {
  clearGoogleStateCookie,
  deviceCookie,
  googleStateCookie,
  setDeviceCookie,
  setGoogleStateCookie,
} from './auth-cookies.js';
import { accountKey, AUTH_RATE_LIMITS, type LoginThrottle } from './auth-rate-limits.js';
import type { AuthService } from './auth.service.js';
import type { EmailConfirmationService } from './email-confirmation.service.js';
import { GoogleSignInError, type GoogleSignInService } from './google.service.js';
import type { RecoveryService } from './recovery.service.js';
import type { SessionService } from './session.service.js';

export interface AuthRoutesOptions {
  sessions: SessionService;
  accounts: AuthService;
  recovery: RecoveryService;
  confirmation: EmailConfirmationService;
  google: GoogleSignInService;
  loginThrottle: LoginThrottle;
  /** Signs the known-device cookie (@fastify/cookie, registered for these routes only). */
  cookieSecret: string;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { sessions, accounts, recovery, confirmation, google, loginThrottle } = options;
  await app.register(fastifyCookie, { secret: options.cookieSecret });

  const byIp = (rule: RateLimitRule, request: FastifyRequest) =>
    app.rateLimit.check(rule, `ip:${request.ip}`);
  const byAccount = (rule: RateLimitRule, account: string) => app.rateLimit.check(rule, accountKey(account));
  /** After a sign-in with the password: this browser is a known device of the account. */
  const rememberDevice = (reply: FastifyReply, email: string) =>
    setDeviceCookie(reply, loginThrottle.deviceToken(email));

  app.route({
    ...endpointRoute(ENDPOINTS.auth.config, { tags, summary: 'Sign-in methods this server offers' }),
    handler: async () => ({ google: google.enabled }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.signup, {
      tags,
      summary: 'Create an account with e-mail and password, and sign in',
      errors: [400, 409, 429],
    }),
    handler: async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.signupIp, request);
      await byAccount(AUTH_RATE_LIMITS.signupAccount, request.body.email);
      const session = await accounts.signUp(request.body, request.headers['user-agent']);
      // The address is the reader's word until they open this link (no role or grant before).
      confirmation.request(session.user.id, request.id);
      rememberDevice(reply, request.body.email);
      return reply.code(201).send(session);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.login, {
      tags,
      summary: 'Sign in with e-mail and password',
      errors: [400, 401, 429],
    }),
    handler: async (request, reply) => {
      const { email } = request.body;
      await loginThrottle.admit({ ip: request.ip, email, deviceToken: deviceCookie(request) });
      const session = await accounts.logIn(request.body, request.headers['user-agent']);
      rememberDevice(reply, email);
      return session;
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.refresh, {
      tags,
      summary: 'Spend a refresh token for a new session (single use; reuse revokes the family)',
      errors: [400, 401, 429],
    }),
    handler: async (request) => {
      await byIp(AUTH_RATE_LIMITS.refreshIp, request);
      const userId = await sessions.refreshTokenOwner(request.body.refresh_token);
      if (userId) await byAccount(AUTH_RATE_LIMITS.refreshAccount, userId);
      return sessions.refresh(request.body.refresh_token);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.auth.logout, {
      tags,
      summary: 'Sign out: revokes the session of the access token',
    }),
    handler: async (request, reply) => {
      await sessions.end(request.user.sessionId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.auth.user, {
      tags,
      summary: 'The signed-in user',
    }),
    handler: async (request) => ({ user: await sessions.user(request.user.id) }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.recover, {
      tags,
      summary: 'Mail a password-reset link; the same answer whether or not the e-mail has an account',
      errors: [400, 429],
    }),
    handler: async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.recoverIp, request);
      await byAccount(AUTH_RATE_LIMITS.recoverAccount, request.body.email);
      recovery.request(request.body.email, request.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.reset, {
      tags,
      summary: 'Set a new password with a reset link; signs out every session and signs in',
      errors: [400, 429],
    }),
    handler: async (request) => {
      await byIp(AUTH_RATE_LIMITS.resetIp, request);
      return recovery.resetPassword(request.body.token, request.body.password, request.headers['user-agent']);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.confirmEmail, {
      tags,
      summary:
        "Prove the account's e-mail address with the mailed link; a link mailed for a change of address makes it the account's",
      errors: [400, 409, 429],
    }),
    handler: async (request, reply) => {
      await byIp(AUTH_RATE_LIMITS.confirmIp, request);
      await confirmation.confirm(request.body.token, request.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.auth.resendConfirmation, {
      tags,
      summary: 'Mail a new confirmation link to the signed-in account (nothing once its address is proven)',
      errors: [429],
    }),
    handler: async (request, reply) => {
      await byAccount(AUTH_RATE_LIMITS.confirmResendAccount, request.user.id);
      confirmation.request(request.user.id, request.id);
      return reply.code(204).send(null);
    },
  });

  const failGoogle = (reply: FastifyReply, code: ErrorCode = 'GOOGLE_SIGN_IN_FAILED') => {
    clearGoogleStateCookie(reply);
    return reply.redirect(`${GOOGLE_ERROR_PATH}?${GOOGLE_ERROR_PARAM}=${code}`, 302);
  };

  app.route({
    ...endpointRoute(ENDPOINTS.auth.googleStart, {
      tags,
      summary: "Start Google sign-in: redirects to Google's consent screen",
      errors: [400, 404],
    }),
    handler: async (request, reply) => {
      if (!google.enabled) throw new AppError('GOOGLE_NOT_CONFIGURED', 404);
      let started;
      try {
        started = await google.start({
          language: request.query.language,
          path: request.query.path,
          country: request.query.country,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return failGoogle(reply);
      }
      setGoogleStateCookie(reply, started.state);
      return reply.header('cache-control', 'no-store').redirect(started.authorizationUrl, 302);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.googleCallback, {
      tags,
      summary: 'Google redirects here; redirects on to /welcome with a one-time code in the fragment',
      errors: [404],
    }),
    handler: async (request, reply) => {
      if (!google.enabled) throw new AppError('GOOGLE_NOT_CONFIGURED', 404);
      const { code, state, error } = request.query;
      const cookieState = googleStateCookie(request);
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
          { code, state },
          languageFromAcceptLanguage(request.headers['accept-language']),
        );
      } catch (failure) {
        const expected = failure instanceof GoogleSignInError;
        request.log.warn({ err: failure, expected }, 'Google sign-in failed');
        return failGoogle(reply);
      }
      // In the fragment, the code never reaches a server log or a Referer header.
      clearGoogleStateCookie(reply);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${GOOGLE_REDIRECT_PATH}#${GOOGLE_CODE_PARAM}=${handoff}`, 302);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.auth.googleExchange, {
      tags,
      summary: 'Spend the one-time code of a finished Google sign-in for a session',
      errors: [400, 429],
    }),
    handler: async (request) => {
      await byIp(AUTH_RATE_LIMITS.googleExchangeIp, request);
      return google.exchange(request.body.code, request.headers['user-agent']);
    },
  });
};
