import send from '@fastify/send';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODE_BY_STATUS, signedFileParamsSchema, signedFileQuerySchema } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { sendError } from '../../http/error-reply.js';
import type { FilesService } from './files.service.js';

export interface FilesRoutesOptions {
  files: FilesService;
}

/**
 * GET (and HEAD) /api/files/<key>?expires=…&signature=…: a file of the local storage, for
 * whoever holds its signed URL. @fastify/send answers ranges (206, Content-Range; seeking in
 * an audio player), conditional requests and HEAD.
 */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { files }) => {
  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (audio, avatar) through its signed, expiring URL',
        params: signedFileParamsSchema,
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await files.open(request.params['*'], request.query);
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
    },
  );
};
