import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, ENDPOINTS, type RankingResponse } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { endpointRoute } from '../../http/endpoint-route.js';
import type { ProfileService } from './profile.service.js';
import type { ProgressService } from './progress.service.js';
import { serializeRanking, type RankingService } from './ranking.service.js';

export interface GamificationRoutesOptions {
  progress: ProgressService;
  profiles: ProfileService;
  ranking: RankingService;
}

const tags = ['gamification'];

/** XP events, the reader's profile and progress, the rankings and the achievements. */
export const gamificationRoutes: FastifyPluginAsyncZod<GamificationRoutesOptions> = async (
  app,
  { progress, profiles, ranking },
) => {
  app.route({
    ...endpointRoute(ENDPOINTS.gamification.addXp, {
      tags,
      summary:
        'Report an XP event (read_summary, audio_generated, feedback_given, share_summary) on a summary',
      description:
        'The server decides the XP and awards each event once per reader and subject (an audio once per summary ' +
        "and language); the answer is the spec's add_xp result with what this call awarded: the event's XP " +
        '(0 when awarded before), a level-up bonus of 100 per level reached, and the achievements to celebrate. ' +
        '404 when the subject does not exist for this reader (no such summary, no rating, no audio).',
      bearer: true,
      errors: [400, 401, 404],
    }),
    preHandler: app.authenticate,
    handler: async (request) => progress.award(request.user.id, request.body),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.gamification.me, {
      tags,
      summary:
        "The reader's profile (nickname, avatar, language, time zone, plan) and progress (XP, level, streak)",
      bearer: true,
      errors: [401, 404],
    }),
    preHandler: app.authenticate,
    handler: async (request) => {
      const me = await profiles.withProgress(request.user.id);
      return {
        profile: me.profile,
        progress: progress.progressOf({
          ...me.progress,
          timeZone: me.profile.timeZone,
          dailyGoal: me.profile.dailyGoal,
        }),
      };
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.gamification.updateProfile, {
      tags,
      summary: 'Change the nickname, avatar preset, interface language or time zone',
      description:
        'Only the fields sent change. A nickname is stored in NFKC; 400 when it has invisible characters or no letter or digit, ' +
        '409 NICKNAME_TAKEN when another reader has it in any case, or one that looks the same (Unicode confusables).',
      bearer: true,
      errors: [400, 401, 404, 409],
    }),
    preHandler: app.authenticate,
    handler: async (request) => ({ profile: await profiles.update(request.user.id, request.body) }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.gamification.ranking, {
      tags,
      summary: "A ranking (global, language or weekly): the top 50 and the reader's own position",
      bearer: true,
      errors: [400, 401],
    }),
    preHandler: app.authenticate,
    // The service checks the answer against the contract and serializes the board's top once
    // per read of the board (serializeRanking). The handler's answer is typed by the schema;
    // error answers come from the error handler, already checked.
    serializerCompiler:
      ({ httpStatus }) =>
      (data) =>
        httpStatus === '200' ? serializeRanking(data as RankingResponse) : JSON.stringify(data),
    handler: async (request) => ranking.ranking(request.user.id, request.query),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.gamification.achievements, {
      tags,
      summary: 'Every achievement, with when the reader unlocked it or their progress toward it',
      bearer: true,
      errors: [401],
    }),
    preHandler: app.authenticate,
    handler: async (request) => progress.achievements(request.user.id),
  });

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
    upload.route({
      ...endpointRoute(ENDPOINTS.gamification.uploadAvatar, {
        tags,
        summary: 'Upload an avatar: PNG, JPEG or WebP of at most 2 MB, stored as a 256×256 WebP',
        description:
          'The body is the image file itself. 413 over 2 MB; 415 when the content is not PNG, JPEG or WebP.',
        bearer: true,
        errors: [400, 401, 413, 415],
      }),
      preHandler: app.authenticate,
      bodyLimit: AVATAR_MAX_BYTES,
      handler: async (request) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415);
        return { profile: await profiles.setAvatar(request.user.id, body) };
      },
    });
  });
};
