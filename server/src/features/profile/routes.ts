import multipart from '@fastify/multipart';
import { profileEndpoints as E } from '@portico/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { createProfileService } from './service.js';

/** The uploaded image of a multipart/form-data request (field `file`); 400 invalid_image, 413 file_too_large. */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('invalid_image', { file: ['invalid_image'] });
  let data: Buffer | undefined;
  try {
    const file = await request.file();
    data = await file?.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, 'file_too_large', { file: ['file_too_large'] });
    // Anything else is a broken multipart body (no boundary, cut short, malformed part headers).
    throw badRequest('invalid_image', { file: ['invalid_image'] });
  }
  if (!data?.length) throw badRequest('invalid_image', { file: ['invalid_image'] });
  return data;
}

/** Personal info, claims, avatar upload and default language (contracts/src/profile.ts), for the signed-in user. */
export async function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  const profile = createProfileService(deps);

  handle(app, E.get, (_input, ctx) => profile.describe(ctx));
  handle(app, E.update, (input, ctx) => profile.update(ctx, input));
  handle(app, E.createClaim, (input, ctx) => profile.saveClaim(ctx, input));
  handle(app, E.updateClaim, (input, ctx) => profile.saveClaim(ctx, input));
  handle(app, E.cancelLinking, (input, ctx) => profile.cancelLinking(ctx, input));
  handle(app, E.language, (input, ctx) => profile.setLanguage(ctx, input));
  // Multipart is read by the upload route only; every other route takes JSON (http/same-origin.ts).
  // The file is read from the request itself: the endpoint's JSON input is empty.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: deps.config.AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    handle(upload, E.avatar, async (_input, ctx) => profile.setAvatar(ctx, await uploadedImage(ctx.request)));
  });
}
