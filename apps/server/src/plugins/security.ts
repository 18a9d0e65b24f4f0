import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** `mediaOrigins`: where else audio and images may come from (an S3 bucket's presigned URLs). */
function helmetOptions(mediaOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Radix and sonner position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Book covers too are the app's own (ADR 26): no other site serves the pages anything.
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        // The storage's origin too: 'Keep offline' downloads a narration's parts (ADR 0036).
        connectSrc: ["'self'", ...mediaOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Same-origin resources only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet would set, worked out once. With these options (no per-request nonces)
 * helmet's answer is the same for every request, and running its middleware chain on each
 * one cost about a twentieth of a search request.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions()): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  // helmet only calls setHeader/removeHeader, synchronously: a recorder stands in for the
  // response, and it never reads the request.
  helmet(options)(
    Object.create(null) as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return Object.freeze(Object.fromEntries(headers));
}

interface HeaderSets {
  https: Readonly<Record<string, string>>;
  /** HSTS only means something over HTTPS, and over plain HTTP it must not be sent (RFC 6797 §7.2). */
  plain: Readonly<Record<string, string>>;
}

function headerSets(options: HelmetOptions): HeaderSets {
  const https = securityHeaders(options);
  const { 'strict-transport-security': _hsts, ...plain } = https;
  return { https, plain };
}

const DEFAULT_HEADERS = headerSets(helmetOptions());

/**
 * The security headers for an answer to `request`; undefined when no request could be parsed
 * (the protocol is then unknown, so no HSTS). With TRUST_PROXY the protocol is the one a
 * trusted proxy names in X-Forwarded-Proto.
 */
export function securityHeadersFor(
  request: FastifyRequest | undefined,
  sets: HeaderSets = DEFAULT_HEADERS,
): Readonly<Record<string, string>> {
  return request?.protocol === 'https' ? sets.https : sets.plain;
}

export interface SecurityPluginOptions {
  /** Origins besides the app's own that serve its media (the storage's presigned URLs). */
  mediaOrigins?: readonly string[];
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityPluginOptions) => {
  const mediaOrigins = options.mediaOrigins ?? [];
  const sets = mediaOrigins.length > 0 ? headerSets(helmetOptions(mediaOrigins)) : DEFAULT_HEADERS;
  // Callback-style hook: an async one costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request, sets));
    done();
  });
});
