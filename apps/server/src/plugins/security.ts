import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Book covers come from Open Library; everything else is served by this app itself. */
const COVER_HOSTS = ['https://covers.openlibrary.org', 'https://archive.org', 'https://*.archive.org'];

/** camelCase directive names as CSP spells them: scriptSrcAttr → script-src-attr. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const CSP_DIRECTIVES: Record<string, readonly string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Radix and sonner position elements with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...COVER_HOSTS],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
};

/** The policy never varies per request, so it is built once rather than on every response. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
  .join(';');

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // Same-origin resources only; covers are plain <img> loads, which this does not affect.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Callback-style hooks: an async one costs a promise on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    done();
  });
});
