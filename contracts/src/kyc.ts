import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// Identity verification (spec account §2 /security/kyc, §4, §5 KYC save, §7 KYC; issue 28 point
// 4): the person uploads the front and back of an ID document, then submits them as the claims
// kyc_front and kyc_back (each claim's value is the stored file's id, never a URL); a reviewer of
// the platform's back office approves or refuses (scope kyc:review).

/** NotVerified 0, Wait 1, Verified 2, Refuse 3 (spec §4). */
export const KYC_STATUS = { notVerified: 0, wait: 1, verified: 2, refuse: 3 } as const;
export type KycStatus = (typeof KYC_STATUS)[keyof typeof KYC_STATUS];
const statusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
/** The claims a submission writes. */
export const KYC_CLAIMS = ['kyc_front', 'kyc_back'] as const;
/** What the upload accepts, by content (spec §9: gif, jpg, png, jpeg). */
export const KYC_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
/** The largest ID image accepted. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

const fileIdSchema = z.string().regex(/^[a-f0-9]{32}$/);
/** A stored image: its id, and a URL that shows it for a few minutes. */
export const kycImageSchema = z.object({ fileId: z.string(), url: z.string() });
export const kycDetailsSchema = z.object({
  status: statusSchema,
  /** Why it was refused (status 3). */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  front: kycImageSchema.nullable(),
  back: kycImageSchema.nullable(),
});
export type KycDetails = z.infer<typeof kycDetailsSchema>;

/** update-list-user-claim: the two claims, each naming an uploaded image (both required). */
export const submitKycInput = z.object({
  claims: z.array(z.object({ claimType: z.enum(KYC_CLAIMS), claimValue: z.string().trim() })).max(KYC_CLAIMS.length),
});

const userIdInput = z.object({ userId: z.string().min(1).max(100) });
export const kycReviewSchema = kycDetailsSchema.extend({ userId: z.string() });

const define = featureEndpoints('kyc');

export const kycEndpoints = {
  check: define({
    method: 'GET',
    path: '/api/account/kyc/check',
    summary: 'check-kyc: the status number (0 not verified, 1 waiting, 2 verified, 3 refused)',
    auth: 'user',
    output: statusSchema,
  }),
  details: define({
    method: 'GET',
    path: '/api/account/kyc',
    summary: 'The status, the refusal reason, and the submitted images through short-lived URLs',
    auth: 'user',
    output: kycDetailsSchema,
  }),
  upload: define({
    method: 'POST',
    path: '/api/account/kyc/upload',
    summary: 'Uploads one ID image (multipart/form-data, field file: gif, jpeg or png, checked by content); private',
    auth: 'user',
    output: kycImageSchema,
    errors: ['invalid_image', 'file_too_large', 'too_many_requests', 'kyc_locked'],
    upload: { field: 'file', types: KYC_IMAGE_TYPES },
  }),
  submit: define({
    method: 'PUT',
    path: '/api/account/kyc/claims',
    summary: 'update-list-user-claim: submits the uploaded front and back (kyc_front, kyc_back) for review',
    auth: 'user',
    input: submitKycInput,
    output: kycDetailsSchema,
    errors: ['please_upload_your_identity_captcha', 'kyc_locked'],
  }),
  reviewList: define({
    method: 'GET',
    path: '/api/product/kyc',
    summary: 'The verifications in a status (waiting by default), the oldest submission first',
    auth: 'product',
    scope: 'kyc:review',
    answerPerson: 'userId',
    input: z.object({
      status: z.coerce.number().pipe(statusSchema).default(1),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    output: z.array(kycReviewSchema.omit({ front: true, back: true })),
  }),
  review: define({
    method: 'GET',
    path: '/api/product/kyc/:userId',
    summary: "One person's verification with the images through short-lived URLs",
    auth: 'product',
    person: 'userId',
    scope: 'kyc:review',
    input: userIdInput,
    output: kycReviewSchema,
    errors: ['not_found'],
  }),
  approve: define({
    method: 'POST',
    path: '/api/product/kyc/:userId/approve',
    summary: 'Approves a waiting verification (logged in the person’s activity, e-mailed)',
    auth: 'product',
    person: 'userId',
    scope: 'kyc:review',
    input: userIdInput,
    output: kycReviewSchema,
    errors: ['not_found', 'kyc_not_waiting'],
  }),
  refuse: define({
    method: 'POST',
    path: '/api/product/kyc/:userId/refuse',
    summary: 'Refuses a waiting verification with a reason the person reads (logged, e-mailed)',
    auth: 'product',
    person: 'userId',
    scope: 'kyc:review',
    input: userIdInput.extend({ reason: z.string().trim().min(1).max(500) }),
    output: kycReviewSchema,
    errors: ['not_found', 'kyc_not_waiting'],
  }),
};
export const isKycFileId = (value: string) => fileIdSchema.safeParse(value).success;
