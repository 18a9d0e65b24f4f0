import send from '@fastify/send';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, ERROR_CODE_BY_STATUS } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { endpointRoute } from '../../http/endpoint-route.js';
import { sendError } from '../../http/error-reply.js';
import type { FilesService, ServedFile } from './files.service.js';

export interface FilesRoutesOptions {
  files: FilesService;
}

/**
 * The file's bytes, its range or the refusal. Through the plain reply type: the answer is a
 * stream of any media type, which no schema describes.
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
): Promise<FastifyReply> {
  const result = await send(request.raw, `/${file.key}`, {
    root: file.root,
    dotfiles: 'deny',
    index: false,
    // Caching is set below, for as long as the URL lives.
    cacheControl: false,
  });
  if (result.type === 'error') {
    result.stream.destroy();
    if (result.statusCode === 404) throw new AppError('NOT_FOUND', 404);
    if (result.statusCode >= 500) throw result.metadata.error;
    const contentRange = result.headers['Content-Range'];
    if (contentRange) reply.header('content-range', contentRange);
    return sendError(
      request,
      reply,
      result.statusCode,
      ERROR_CODE_BY_STATUS[result.statusCode] ?? 'BAD_REQUEST',
    );
  }
  reply.code(result.statusCode).headers(result.headers);
  // Private: a shared cache would hand the file to people without the URL.
  reply.header('cache-control', `private, max-age=${file.maxAgeSeconds}`);
  if (file.downloadName !== undefined) {
    reply.header('content-disposition', contentDisposition(file.downloadName));
  }
  return reply.send(result.stream);
}

/**
 * GET (and HEAD) /api/files/<key>?expires=…&signature=…: a file of the local storage, for
 * whoever holds its signed URL. @fastify/send answers ranges (206, Content-Range; seeking in
 * an audio player), conditional requests and HEAD.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { files }) => {
  app.route({
    ...endpointRoute(ENDPOINTS.files.get, {
      tags: ['files'],
      summary: 'A stored file (audio, avatar) through its signed, expiring URL',
    }),
    handler: async (request, reply) =>
      sendFile(request, reply, await files.open(request.params['*'], request.query)),
  });
};
