import multipart from '@fastify/multipart';
import { ACCOUNT_PATHS, pickLocale } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { createProfileService, type ProfileCaller } from './service.js';

const callerOf = (request: FastifyRequest): ProfileCaller => ({
  ip: request.ip,
  locale: pickLocale(request.headers['accept-language']),
});

/** Personal info, claims, avatar upload and default language, behind the bearer token. */
export async function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, {
    limits: { fileSize: deps.config.AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  app.addHook('preHandler', createRequireUser(app, deps));
  const profile = createProfileService(deps);
  const P = ACCOUNT_PATHS;
  const user = currentUser;

  app.get(P.profile, async (r) => ({ result: await profile.describe(user(r), callerOf(r).locale) }));
  app.put(P.profile, async (r) => ({ result: await profile.update(user(r), r.body, callerOf(r)) }));
  app.post(P.claims, async (r) => ({ result: await profile.saveClaim(user(r), r.body, callerOf(r)) }));
  app.put(P.claims, async (r) => ({ result: await profile.saveClaim(user(r), r.body, callerOf(r)) }));
  app.put(P.cancelLinking, async (r) => ({ result: await profile.cancelLinking(user(r), r.body, callerOf(r)) }));
  app.put(P.language, async (r) => ({ result: await profile.setLanguage(user(r), r.body, callerOf(r)) }));

  app.post(P.avatar, async (r) => {
    if (!r.isMultipart()) throw badRequest('invalid_image', { file: ['invalid_image'] });
    let data: Buffer | undefined;
    try {
      const file = await r.file();
      data = await file?.toBuffer();
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 413)
        throw new AppError(413, 'file_too_large', { file: ['file_too_large'] });
      // Anything else is a broken multipart body (no boundary, cut short, malformed part headers).
      throw badRequest('invalid_image', { file: ['invalid_image'] });
    }
    if (!data?.length) throw badRequest('invalid_image', { file: ['invalid_image'] });
    return { result: await profile.setAvatar(user(r), data, callerOf(r)) };
  });
}
