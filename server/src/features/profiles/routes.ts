import multipart from '@fastify/multipart';
import { CERTIFICATE_MAX_BYTES, profilesEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { uploadedFile } from '../../http/upload.js';
import { createProfilesService } from './service.js';

/** Named profiles (spec account §7 Profiles), for the signed-in person. */
export async function profilesRoutes(app: FastifyInstance, deps: AppDeps) {
  const profiles = createProfilesService(deps);
  const e = profilesEndpoints;
  handle(app, e.list, (_input, { user }) => profiles.list(user.id));
  handle(app, e.create, (input, { user }) => profiles.create(user.id, input));
  handle(app, e.get, ({ userProfileId }, { user, caller }) => profiles.get(user.id, userProfileId, caller.locale));
  handle(app, e.update, (input, { user, caller }) => profiles.update(user.id, input, caller.locale));
  handle(app, e.use, ({ userProfileId }, { user }) => profiles.use(user.id, userProfileId));
  handle(app, e.remove, ({ userProfileId }, { user }) => profiles.remove(user.id, userProfileId));
  // Multipart is read by the upload routes only (server/src/http/same-origin.ts takes JSON elsewhere);
  // the larger of the two limits here, each endpoint's own in the service.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: {
        fileSize: Math.max(CERTIFICATE_MAX_BYTES, deps.config.AVATAR_MAX_BYTES),
        files: 1,
        fields: 5,
        parts: 6,
      },
    });
    handle(upload, e.avatar, async ({ userProfileId }, { user, request }) => {
      const { data } = await uploadedFile(request, 'invalid_image');
      return profiles.setAvatar(user.id, userProfileId, data);
    });
    handle(upload, e.uploadFile, async (_input, { user, request }) => {
      const { data, fileName } = await uploadedFile(request, 'userProfile_file_invalid');
      return profiles.uploadFile(user.id, data, fileName);
    });
  });
}
