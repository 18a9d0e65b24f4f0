import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../http/error-reply.js';

const API_PREFIXES = ['/api/', '/healthz', '/readyz', '/metrics'];

function isApiPath(url: string): boolean {
  return url === '/api' || API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Serves the built web app: hashed assets cached forever, index.html revalidated, and every
 * other GET that wants HTML answered with index.html so the client router can take over
 * (including its own not-found page). API paths get a JSON 404 instead.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string | undefined }) => {
  const distDir = options.distDir;
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);

  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps would publish the app's source: whatever a build leaves, none is served.
      globIgnore: ['**/*.map', '**/*.map.*'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath);
        let cacheControl = 'public, max-age=3600';
        if (relative.startsWith(`assets${path.sep}`)) cacheControl = 'public, max-age=31536000, immutable';
        else if (relative === 'index.html') cacheControl = 'no-cache';
        res.header('cache-control', cacheControl);
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app build not found: serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
});
