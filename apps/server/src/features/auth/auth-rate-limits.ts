import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.js';
import type { KnownDevices } from './known-devices.service.js';
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
  emailChangeAccount: { name: 'email-change:account', limit: 5, windowSeconds: HOUR },
  sessionsAccount: { name: 'sessions:account', limit: 60, windowSeconds: 15 * MINUTE },
  googleExchangeIp: { name: 'google-exchange:ip', limit: 30, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** Account keys are hashed: the counters store holds no e-mail addresses. */
export const accountKey = (account: string) => `account:${sha256(account)}`;

export interface LoginThrottleDeps {
  rateLimit: Pick<RateLimiter, 'check'>;
  devices: KnownDevices;
}

/** A sign-in attempt as the throttle sees it. */
export interface LoginAttempt {
  ip: string;
  email: string;
  /** The browser's known-device token (its cookie), if it sent one. */
  deviceToken: string | undefined;
}

/** The limits on password sign-ins, with a known device's own allowance. */
export class LoginThrottle {
  constructor(private readonly deps: LoginThrottleDeps) {}

  /** Before the password is checked: throws 429 with Retry-After past a limit. */
  async admit({ ip, email, deviceToken }: LoginAttempt): Promise<void> {
    const { rateLimit, devices } = this.deps;
    const limits = AUTH_RATE_LIMITS;
    const device = devices.recognise(email, deviceToken);
    if (device) return rateLimit.check(limits.loginDevice, `device:${device}`);
    await rateLimit.check(limits.loginIp, `ip:${ip}`);
    await rateLimit.check(limits.loginPair, `${accountKey(email)}:ip:${ip}`);
    await rateLimit.check(limits.loginAccount, accountKey(email));
    await rateLimit.check(limits.loginAccountDaily, accountKey(email));
  }

  /** After a successful sign-in: the token that makes this browser a known device of the account. */
  deviceToken(email: string): string {
    return this.deps.devices.issue(email);
  }
}
