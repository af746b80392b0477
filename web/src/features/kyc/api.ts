import { kycEndpoints as e, type InputOf, type OutputOf } from '@portico/contracts';
import { apiFetch } from '../../api/client';
import { call } from '../../api/endpoint';

// Identity verification calls (spec account §7 KYC), behind the bearer token.

export const KYC_QUERY_KEY = ['account', 'kyc'] as const;
export const getKyc = () => call(e.details, {});
export const submitKyc = (input: InputOf<typeof e.submit>) => call(e.submit, input);

/** multipart/form-data with the image in `file` (the endpoint's JSON input is empty). */
export const uploadKycImage = (image: File) => {
  const form = new FormData();
  form.append('file', image, image.name);
  return apiFetch<OutputOf<typeof e.upload>>(e.upload.method, e.upload.path, { body: form });
};
