import multipart from '@fastify/multipart';
import { brandingEndpoints as E } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { uploadedFile } from '../../http/upload.js';
import { createBrandingService } from './service.js';

/** Branding per product: the public common-data call and the console's branding tab (contracts/src/branding.ts). */
export async function brandingRoutes(app: FastifyInstance, deps: AppDeps) {
  const branding = createBrandingService(deps);
  handle(app, E.list, (_input, { caller }) => branding.list(caller.locale));
  handle(app, E.put, ({ blockId, nameVi, nameEn }, { admin, caller }) =>
    branding.put(admin, caller, blockId, nameVi, nameEn),
  );
  handle(app, E.remove, ({ blockId }, { admin, caller }) => branding.remove(admin, caller, blockId));
  // Public and the same for everyone: cacheable a minute (a change shows within it).
  await app.register(async (open) => {
    open.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
    });
    handle(open, E.commonData, ({ block }) => branding.commonData(block));
  });
  // Multipart is read by the upload route only (server/src/features/profile/routes.ts does the same).
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: deps.config.AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    handle(upload, E.logo, async ({ blockId, language }, { admin, caller, request }) =>
      branding.logo(admin, caller, blockId, language, (await uploadedFile(request, 'invalid_image')).data),
    );
  });
}
