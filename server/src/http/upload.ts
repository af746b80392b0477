import type { MessageKey } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors.js';

/**
 * The one uploaded file of a multipart/form-data request (an endpoint with `upload`,
 * contracts/src/endpoint.ts): 400 with `invalid` when there is none or the body is broken,
 * 413 file_too_large past the route's multipart limit. Its type is checked by content afterwards.
 */
export async function uploadedFile(
  request: FastifyRequest,
  invalid: MessageKey,
): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw badRequest(invalid, { file: [invalid] });
  let data: Buffer | undefined;
  let fileName = '';
  try {
    const file = await request.file();
    data = await file?.toBuffer();
    // Shown beside a certificate, never used as a path; control characters dropped.
    fileName = (file?.filename ?? '').replace(/\p{Cc}/gu, '').slice(0, 200);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, 'file_too_large', { file: ['file_too_large'] });
    // Anything else is a broken multipart body (no boundary, cut short, malformed part headers).
    throw badRequest(invalid, { file: [invalid] });
  }
  if (!data?.length) throw badRequest(invalid, { file: [invalid] });
  return { data, fileName };
}
