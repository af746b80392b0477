import multipart from '@fastify/multipart';
import { profileEndpoints as E } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { uploadedFile } from '../../http/upload.js';
import { createProfileService } from './service.js';

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
    handle(upload, E.avatar, async (_input, ctx) =>
      profile.setAvatar(ctx, (await uploadedFile(ctx.request, 'invalid_image')).data),
    );
  });
}
