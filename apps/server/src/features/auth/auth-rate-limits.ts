import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import { loadKnownDevices } from './known-devices.service.js';
import { sha256 } from './tokens.service.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Token buckets (ADR 0012): `limit` at once, then one every `windowSeconds / limit`.
 * Per IP against floods and spraying. Login guesses count per account and address pair, so a
 * stranger cannot lock the owner out from elsewhere; the per-account ceilings stop guessing
 * from many addresses, and slow down further once the daily one is spent; a known device has
 * its own allowance and skips the others.
 */
export const AUTH_RATE_LIMITS = {
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * MINUTE },
  loginPair: { name: 'login:pair', limit: 10, windowSeconds: 15 * MINUTE },
  loginAccount: { name: 'login:account', limit: 50, windowSeconds: HOUR },
  loginAccountDaily: { name: 'login:account-day', limit: 200, windowSeconds: DAY },
  loginDevice: { name: 'login:device', limit: 10, windowSeconds: 15 * MINUTE },
  signupIp: { name: 'signup:ip', limit: 10, windowSeconds: HOUR },
  signupAccount: { name: 'signup:account', limit: 5, windowSeconds: HOUR },
  refreshIp: { name: 'refresh:ip', limit: 120, windowSeconds: 15 * MINUTE },
  refreshAccount: { name: 'refresh:account', limit: 60, windowSeconds: 15 * MINUTE },
  recoverIp: { name: 'recover:ip', limit: 10, windowSeconds: HOUR },
  recoverAccount: { name: 'recover:account', limit: 3, windowSeconds: HOUR },
  resetIp: { name: 'reset:ip', limit: 20, windowSeconds: HOUR },
  confirmIp: { name: 'confirm:ip', limit: 20, windowSeconds: HOUR },
  confirmResendAccount: { name: 'confirm-resend:account', limit: 3, windowSeconds: HOUR },
  passwordAccount: { name: 'password:account', limit: 10, windowSeconds: 15 * MINUTE },
  googleExchangeIp: { name: 'google-exchange:ip', limit: 30, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** Holds the known-device token; sent back to the auth routes only. */
const DEVICE_COOKIE = 'summa_device';
const DEVICE_COOKIE_PATH = '/api/auth';
const DEVICE_COOKIE_SECONDS = 365 * DAY;

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Account keys are hashed: the counters store holds no e-mail addresses. */
export const accountKey = (account: string) => `account:${sha256(account)}`;

export async function createLoginThrottle(app: FastifyInstance) {
  const devices = await loadKnownDevices(app.db);
  const limits = AUTH_RATE_LIMITS;
  return {
    /** Before the password is checked: throws 429 with Retry-After past a limit. */
    async admit(request: FastifyRequest, email: string): Promise<void> {
      const device = devices.recognise(email, readCookie(request, DEVICE_COOKIE));
      if (device) return app.rateLimit.check(limits.loginDevice, `device:${device}`);
      await app.rateLimit.check(limits.loginIp, `ip:${request.ip}`);
      await app.rateLimit.check(limits.loginPair, `${accountKey(email)}:ip:${request.ip}`);
      await app.rateLimit.check(limits.loginAccount, accountKey(email));
      await app.rateLimit.check(limits.loginAccountDaily, accountKey(email));
    },
    /** After a successful sign-in: this browser is a known device of the account. */
    remember(reply: FastifyReply, email: string): void {
      const secure = reply.request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${devices.issue(email)}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}
