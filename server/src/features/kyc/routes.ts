import multipart from '@fastify/multipart';
import { KYC_MAX_BYTES, kycEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle, refuseOwnAccount } from '../../http/endpoint.js';
import { uploadedFile } from '../../http/upload.js';
import { createKycService } from './service.js';

/** Identity verification: the person's page (/security/kyc) and the back office's review (kyc:review). */
export async function kycRoutes(app: FastifyInstance, deps: AppDeps) {
  const kyc = createKycService(deps);
  const e = kycEndpoints;
  handle(app, e.check, (_input, { user }) => kyc.check(user.id));
  handle(app, e.details, (_input, { user }) => kyc.details(user.id));
  handle(app, e.submit, (input, { user, caller }) => kyc.submit(user.id, input, caller));
  handle(app, e.reviewList, (input) => kyc.reviewList(input));
  handle(app, e.review, ({ userId }) => kyc.review(userId));
  handle(app, e.approve, ({ userId }, { product, caller }) => {
    refuseOwnAccount(product, userId);
    return kyc.approve(userId, { ...product, caller });
  });
  handle(app, e.refuse, ({ userId, reason }, { product, caller }) => {
    refuseOwnAccount(product, userId);
    return kyc.refuse(userId, { ...product, caller }, reason);
  });
  // Multipart is read by the upload route only (server/src/http/same-origin.ts takes JSON elsewhere).
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    handle(upload, e.upload, async (_input, { user, request }) =>
      kyc.upload(user.id, (await uploadedFile(request, 'invalid_image')).data),
    );
  });
}
