import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achievementsResponseSchema,
  addXpResultSchema,
  AVATAR_MAX_BYTES,
  meResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  rankingQuerySchema,
  rankingResponseSchema,
  xpEventRequestSchema,
  type RankingResponse,
} from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import type { ProfileService } from './profile.service.js';
import type { ProgressService } from './progress.service.js';
import { serializeRanking, type RankingService } from './ranking.service.js';
import { errorResponses } from '../../http/error-responses.js';

export interface GamificationRoutesOptions {
  progress: ProgressService;
  profiles: ProfileService;
  ranking: RankingService;
}

const bearer = [{ bearerAuth: [] }];

/** XP events, the reader's profile and progress, the rankings and the achievements. */
export const gamificationRoutes: FastifyPluginAsyncZod<GamificationRoutesOptions> = async (
  app,
  { progress, profiles, ranking },
) => {
  app.post(
    '/api/xp',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['gamification'],
        summary:
          'Report an XP event (read_summary, audio_generated, feedback_given, share_summary) on a summary',
        description:
          'The server decides the XP and awards each event once per reader and subject (an audio once per summary ' +
          "and language); the answer is the spec's add_xp result with what this call awarded: the event's XP " +
          '(0 when awarded before), a level-up bonus of 100 per level reached, and the achievements to celebrate. ' +
          '404 when the subject does not exist for this reader (no such summary, no rating, no audio).',
        security: bearer,
        body: xpEventRequestSchema,
        response: { 200: addXpResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => progress.award(request.user.id, request.body),
  );

  app.get(
    '/api/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['gamification'],
        summary:
          "The reader's profile (nickname, avatar, language, time zone, plan) and progress (XP, level, streak)",
        security: bearer,
        response: { 200: meResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const [profile, readerProgress] = await Promise.all([
        profiles.get(request.user.id),
        progress.progress(request.user.id),
      ]);
      return { profile, progress: readerProgress };
    },
  );

  app.patch(
    '/api/me/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['gamification'],
        summary: 'Change the nickname, avatar preset, interface language or time zone',
        description:
          'Only the fields sent change. A nickname is stored in NFKC; 400 when it has invisible characters or no letter or digit, ' +
          '409 NICKNAME_TAKEN when another reader has it in any case, or one that looks the same (Unicode confusables).',
        security: bearer,
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({ profile: await profiles.update(request.user.id, request.body) }),
  );

  app.get(
    '/api/ranking',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['gamification'],
        summary: "A ranking (global, language or weekly): the top 50 and the reader's own position",
        security: bearer,
        querystring: rankingQuerySchema,
        response: { 200: rankingResponseSchema, ...errorResponses(400, 401) },
      },
      // The service checks the answer against the contract and serializes the board's top once
      // per read of the board (serializeRanking). The handler's answer is typed by the schema;
      // error answers come from the error handler, already checked.
      serializerCompiler:
        ({ httpStatus }) =>
        (data) =>
          httpStatus === '200' ? serializeRanking(data as RankingResponse) : JSON.stringify(data),
    },
    async (request) => ranking.ranking(request.user.id, request.query),
  );

  app.get(
    '/api/achievements',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['gamification'],
        summary: 'Every achievement, with when the reader unlocked it or their progress toward it',
        security: bearer,
        response: { 200: achievementsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => progress.achievements(request.user.id),
  );

  // The avatar upload takes raw image bytes of any declared type: the content decides (415 otherwise).
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    // The upload's own words for the two refusals; anything else goes on to the app's handler.
    upload.setErrorHandler((error: FastifyError) => {
      if (error.statusCode === 413) throw new AppError('AVATAR_TOO_LARGE', 413);
      if (error.statusCode === 415) throw new AppError('AVATAR_UNSUPPORTED_IMAGE', 415);
      throw error;
    });
    upload.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    upload.post(
      '/api/me/avatar',
      {
        preHandler: app.authenticate,
        bodyLimit: AVATAR_MAX_BYTES,
        schema: {
          tags: ['gamification'],
          summary: 'Upload an avatar: PNG, JPEG or WebP of at most 2 MB, stored as a 256×256 WebP',
          description:
            'The body is the image file itself. 413 over 2 MB; 415 when the content is not PNG, JPEG or WebP.',
          security: bearer,
          response: { 200: profileResponseSchema, ...errorResponses(400, 401, 413, 415) },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415);
        return { profile: await profiles.setAvatar(request.user.id, body) };
      },
    );
  });
};
