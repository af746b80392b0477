import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { PRIVATE_FILES_PATH, privateFileType, signatureHolds } from '../../modules/files/index.js';
import { MIME_BY_EXTENSION } from '../../modules/images/index.js';

/**
 * GET /uploads/<name>: serves stored images (avatars) with the content type their stored
 * extension says (set from the checked content at upload). Public, like any avatar URL.
 * GET /files/<name>?exp=&sig=: a private file, through its signed URL.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const type = MIME_BY_EXTENSION[name.split('.').pop() ?? ''];
    const data = type ? await deps.storage.get(name) : undefined;
    if (!type || !data) throw notFound();
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  // A private file (an identity document), only with a valid, unexpired signature
  // (server/src/modules/files/signed-urls.ts); the same 404 for a bad signature and a missing file.
  app.get<{ Params: { name: string }; Querystring: { exp?: string; sig?: string } }>(
    `${PRIVATE_FILES_PATH}/:name`,
    async (request, reply) => {
      const { name } = request.params;
      const type = privateFileType(name);
      const { exp, sig } = request.query;
      const allowed = !!type && signatureHolds(deps.secrets.encryptionKey, name, exp, sig);
      const data = allowed ? await deps.storage.get(name, 'private') : undefined;
      if (!type || !data) throw notFound();
      // A document is saved, never opened in the portal's origin.
      if (type.download) reply.header('content-disposition', 'attachment');
      return reply
        .header('content-type', type.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(data);
    },
  );
}
