import type { FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/cookie';

// The auth routes' cookies, through @fastify/cookie (registered with the auth routes).

/** Holds the known-device token, signed; sent back to the auth routes only. */
const DEVICE_COOKIE = 'summa_device';
const DEVICE_COOKIE_PATH = '/api/auth';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Carries the state from /google/start to /google/callback in the same browser only. Not signed:
 * the callback compares it with the state Google hands back, which the database knows only by
 * its hash, so a forged value gains nothing.
 */
const STATE_COOKIE = 'summa_google_state';
const STATE_COOKIE_PATH = '/api/auth/google';
const STATE_COOKIE_SECONDS = 10 * 60;

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** Makes this browser a known device: `token` from the LoginThrottle, in a signed cookie. */
export function setDeviceCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(reply.request),
    signed: true,
  });
}

/**
 * The known-device token the browser sent, when its signature holds. A cookie set before cookies
 * were signed is the bare token: its own MAC still proves it (KnownDevices.recognise), and the
 * next sign-in replaces it with a signed one; anything else fails that check too.
 */
export function deviceCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (raw === undefined) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : raw;
}

export function setGoogleStateCookie(reply: FastifyReply, state: string): void {
  reply.setCookie(STATE_COOKIE, state, stateOptions(reply.request, STATE_COOKIE_SECONDS));
}

export function clearGoogleStateCookie(reply: FastifyReply): void {
  reply.setCookie(STATE_COOKIE, '', stateOptions(reply.request, 0));
}

export function googleStateCookie(request: FastifyRequest): string | undefined {
  return request.cookies[STATE_COOKIE] || undefined;
}

function stateOptions(request: FastifyRequest, maxAge: number) {
  return {
    path: STATE_COOKIE_PATH,
    maxAge,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure(request),
  };
}
