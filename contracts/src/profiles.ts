import { z } from 'zod';
import { rowId } from './contacts.js';
import { featureEndpoints } from './endpoint.js';
import { VN_PHONE_PATTERN } from './rules.js';

// Named profiles (spec account §2 /account/profile, /account/profile/{id}; §3 User profile,
// Education / Experience / Certification / Reference items; §4; §5; §7 Profiles; issue 28
// point 1). A person keeps several (a learner, a teacher...), one of them the default.

/** The most profiles one account keeps, and the most entries in each of a profile's lists. */
export const MAX_PROFILES = 10;
export const MAX_PROFILE_ITEMS = 20;
/** Education levels (the spec names the field, not its values). */
export const EDUCATION_LEVELS = [
  'primary',
  'lower_secondary',
  'upper_secondary',
  'vocational',
  'college',
  'university',
  'master',
  'doctorate',
] as const;
/** The levels that have grades 1 to 12 ('Khối n'). */
export const GRADE_LEVELS: readonly string[] = ['primary', 'lower_secondary', 'upper_secondary'];
export const EDUCATION_TYPES = ['full_time', 'part_time', 'distance', 'online'] as const;
/** What a certificate file may be, by content (spec §9: doc, docx, pdf). */
export const CERTIFICATE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max).default('');
/** A month, as 'YYYY-MM' (the page shows MM/YYYY). */
const month = z
  .string()
  .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/)
  .nullable()
  .default(null);
const itemId = z.string().max(40).optional();
/** The id of a lookup entry (contracts/src/lookups.ts). */
const lookupRef = z.number().int().positive().max(2_147_483_647);
/** An end that comes before its start is refused (both months, 'YYYY-MM', compare as text). */
const inOrder =
  (path: string) => (value: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) => {
    if (value.startDate && value.endDate && value.endDate < value.startDate)
      ctx.addIssue({ code: 'custom', path: [path], message: 'userProfile_end_before_start' });
  };

export const educationSchema = z
  .object({
    id: itemId,
    level: z.enum(EDUCATION_LEVELS, { error: 'userProfile_education_level_req' }),
    /** A school of the lookups (value) or typed freely (text); one of them is required. */
    school: z
      .object({ value: lookupRef.nullable().default(null), text: text(200) })
      .refine((s) => s.value !== null || s.text !== '', 'userProfile_education_school_req'),
    major: text(200),
    type: z.enum(EDUCATION_TYPES).nullable().default(null),
    /** A lookup of kind classification. */
    classification: lookupRef
      .nullable()
      .default(null)
      .refine((v) => v !== null, 'userProfile_education_classification_req'),
    startDate: month,
    endDate: month,
    isStudying: z.boolean().default(false),
    grade: z.number().int().min(1).max(12).nullable().default(null),
    className: text(50),
  })
  .superRefine(inOrder('endDate'));
export const experienceSchema = z
  .object({
    id: itemId,
    roleName: text(200),
    company: text(200),
    startDate: month,
    endDate: month,
    address: text(300),
    isWorking: z.boolean().default(false),
  })
  .superRefine(inOrder('endDate'));
export const certificationSchema = z.object({
  id: itemId,
  certificationName: z.string().trim().min(1, 'userProfile_certification_name_req').max(200),
  classification: text(100),
  certificateDate: z
    .string()
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
    .nullable()
    .default(null),
  placeOfIssue: text(200),
  /** A private file the person uploaded (POST /api/account/profiles/files). */
  fileId: z
    .string()
    .regex(/^[a-f0-9]{32}$/)
    .nullable()
    .default(null),
});
export const referenceSchema = z.object({
  id: itemId,
  fullName: text(100),
  company: text(200),
  reference: text(500),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || VN_PHONE_PATTERN.test(v), 'invalid_phone_number')
    .default(''),
  roleName: text(200),
});

const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_PROFILE_ITEMS).default([]);

/** A profile as the edit form sends it (spec §7 Update profile). */
export const profileInput = z.object({
  displayName: z.string().trim().min(1, 'address_fullname_required').max(100),
  role: text(1000),
  blockIds: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
  educationList: list(educationSchema),
  experienceList: list(experienceSchema),
  certificationList: list(certificationSchema),
  referenceList: list(referenceSchema),
});
export type ProfileInput = z.input<typeof profileInput>;

/** An education entry as read: the school's shown text (the lookup's name, or what was typed). */
const educationOut = z.object({
  id: z.string(),
  level: z.enum(EDUCATION_LEVELS),
  school: z.object({ value: z.number().nullable(), text: z.string(), showText: z.string() }),
  major: z.string(),
  type: z.enum(EDUCATION_TYPES).nullable(),
  classification: z.number().nullable(),
  /** The classification's name in the reader's language. */
  classificationText: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isStudying: z.boolean(),
  grade: z.number().nullable(),
  className: z.string(),
});
export const userProfileSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  displayName: z.string(),
  role: z.string(),
  avatar: z.string(),
  originalAvatar: z.string(),
  blockIds: z.array(z.string()),
  isDefault: z.boolean(),
  educationList: z.array(educationOut),
  experienceList: z.array(experienceSchema.safeExtend({ id: z.string() })),
  certificationList: z.array(
    certificationSchema.safeExtend({ id: z.string(), fileUrl: z.string().nullable(), fileName: z.string().nullable() }),
  ),
  referenceList: z.array(referenceSchema.safeExtend({ id: z.string() })),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const profileCardSchema = userProfileSchema.pick({
  id: true,
  displayName: true,
  role: true,
  avatar: true,
  isDefault: true,
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

const idInput = z.object({ userProfileId: rowId() });

const define = featureEndpoints('profiles');

export const profilesEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/profiles',
    summary: "The person's profiles: the default first, then the newest",
    auth: 'user',
    output: z.array(profileCardSchema),
  }),
  create: define({
    method: 'POST',
    path: '/api/account/profiles',
    summary: 'Adds a profile (the first one becomes the default); answers its id',
    auth: 'user',
    input: z.object({ displayName: z.string().trim().min(1, 'profile_name_required').max(100), role: text(1000) }),
    output: z.object({ id: z.number().int() }),
    errors: ['profile_limit_reached'],
  }),
  get: define({
    method: 'GET',
    path: '/api/account/profiles/:userProfileId',
    summary: 'One of the person’s profiles, whole',
    auth: 'user',
    input: idInput,
    output: userProfileSchema,
    errors: ['not_found'],
  }),
  update: define({
    method: 'PUT',
    path: '/api/account/profiles/:userProfileId',
    summary: 'Saves a profile whole (its lists replace the stored ones)',
    auth: 'user',
    input: z.intersection(idInput, profileInput),
    output: userProfileSchema,
    errors: ['not_found', 'userProfile_lookup_invalid', 'userProfile_file_invalid'],
  }),
  use: define({
    method: 'PUT',
    path: '/api/account/profiles/:userProfileId/use',
    summary: 'Makes a profile the default',
    auth: 'user',
    input: idInput,
    output: z.literal(true),
    errors: ['not_found'],
  }),
  remove: define({
    method: 'DELETE',
    path: '/api/account/profiles/:userProfileId',
    summary: 'Deletes a profile (the newest other one becomes the default if it was)',
    auth: 'user',
    input: idInput,
    output: z.literal(true),
    errors: ['not_found'],
  }),
  avatar: define({
    method: 'POST',
    path: '/api/account/profiles/:userProfileId/avatar',
    summary: "Uploads a profile's avatar: multipart/form-data, the image (gif, jpeg or png) in the field file",
    auth: 'user',
    input: idInput,
    output: z.object({ avatar: z.string() }),
    errors: ['not_found', 'invalid_image', 'file_too_large', 'too_many_requests'],
    upload: { field: 'file', types: ['image/gif', 'image/jpeg', 'image/png'] },
  }),
  uploadFile: define({
    method: 'POST',
    path: '/api/account/profiles/files',
    summary:
      'Uploads a certificate file (multipart/form-data, field file: pdf, doc or docx, checked by content); private',
    auth: 'user',
    output: z.object({ fileId: z.string(), url: z.string(), fileName: z.string() }),
    errors: ['userProfile_file_invalid', 'file_too_large', 'too_many_requests'],
    upload: { field: 'file', types: CERTIFICATE_TYPES },
  }),
};
