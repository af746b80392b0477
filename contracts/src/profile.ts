import { z } from 'zod';
import { rowId } from './contacts.js';
import { featureEndpoints } from './endpoint.js';
import type { MessageKey } from './i18n/index.js';
import { LOCALES } from './locales.js';
import { birthdateErrorUpTo } from './register.js';

// Personal info (spec account-area §2 General info page, §3 General user profile, §5), its claims,
// the avatar and the default language. Served by server/src/features/profile, called by
// web/src/features/info (the info and language pages).

export const MARITAL_STATUSES = [
  { id: 1, key: 'marital_single' },
  { id: 2, key: 'marital_married' },
  { id: 3, key: 'marital_other' },
] as const;

export const CLAIM_TYPES = {
  defaultLanguage: 'default_language',
  defaultTimezone: 'default_timezone',
  facebookLink: 'facebook_link',
  googleLink: 'google_link',
  zaloLink: 'zalo_link',
  emailRecovery: 'email_recovery',
  phoneRecovery: 'phone_number_recovery',
} as const;
/** Claims the general-info page may create or update. */
export const EDITABLE_CLAIM_TYPES = [CLAIM_TYPES.defaultLanguage, CLAIM_TYPES.defaultTimezone] as const;
/** The link claim of each provider (its value: the provider's id of the person), by the spec's provider names. */
export const LINK_PROVIDERS = {
  Google: CLAIM_TYPES.googleLink,
  Facebook: CLAIM_TYPES.facebookLink,
  Zalo: CLAIM_TYPES.zaloLink,
} as const;

export const userClaimSchema = z.object({ id: z.number().int(), claimType: z.string(), claimValue: z.string() });
export type UserClaim = z.infer<typeof userClaimSchema>;

/** The general user profile (spec §3) with labels in the reader's language. */
export const generalProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD or null. */
  birthdate: z.string().nullable(),
  gender: z.number().int().nullable(),
  genderText: z.string(),
  identification: z.string().nullable(),
  maritalStatus: z.number().int().nullable(),
  maritalStatusText: z.string(),
  languageId: z.string(),
  languageText: z.string(),
  timezone: z.string(),
  /** Sanitized HTML; render through DOMPurify. */
  bio: z.string(),
  avatar: z.string().nullable(),
  originalAvatar: z.string().nullable(),
  userClaims: z.array(userClaimSchema),
});
export type GeneralProfile = z.infer<typeof generalProfileSchema>;

/** The general-info birth-year bounds: 1900 to the current year minus 3. */
export const infoBirthYearMax = (now: Date = new Date()) => now.getFullYear() - 3;

export const infoBirthdateError = (value: string, now: Date = new Date()): MessageKey | null =>
  birthdateErrorUpTo(value, infoBirthYearMax(now));

export const IDENTIFICATION_MIN = 8;
export const IDENTIFICATION_MAX = 12;
export const BIO_MAX_LENGTH = 5000;

const text = (max: number) => z.string().max(max).optional().default('');
const optionalId = z.union([z.number().int(), z.string().max(10), z.null()]).optional();
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** PUT info: the edit form (spec §5 General info). */
export const updateProfileInput = (opts: { now?: Date } = {}) =>
  z
    .object({
      firstName: text(500),
      lastName: text(500),
      birthdate: text(40),
      gender: optionalId,
      identification: z.string().max(100).nullable().optional(),
      maritalStatus: optionalId,
      languageId: text(20),
      timezone: z.string().max(100).optional(),
      bio: z.string().max(BIO_MAX_LENGTH, 'bio_too_long').nullable().optional(),
    })
    .superRefine((v, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const first = v.firstName.trim();
      const last = v.lastName.trim();
      if (!first) add('firstName', 'error_first_name_empty');
      else if (first.length > 50) add('firstName', 'error_name_too_long');
      if (!last) add('lastName', 'error_last_name_empty');
      else if (last.length > 50) add('lastName', 'error_name_too_long');
      if (!(LOCALES as readonly string[]).includes(v.languageId.trim())) add('languageId', 'error_language_empty');
      const gender = idOf(v.gender);
      if (gender === null || ![1, 2, 3].includes(gender)) add('gender', 'error_gender_empty');
      const birth = infoBirthdateError(v.birthdate, opts.now);
      if (birth) add('birthdate', birth);
      const id = (v.identification ?? '').trim();
      if (id && (id.length < IDENTIFICATION_MIN || id.length > IDENTIFICATION_MAX))
        add('identification', 'invalid_identification');
      const marital = idOf(v.maritalStatus);
      if (
        v.maritalStatus !== undefined &&
        v.maritalStatus !== null &&
        v.maritalStatus !== '' &&
        !MARITAL_STATUSES.some((s) => s.id === marital)
      ) {
        add('maritalStatus', 'invalid_marital_status');
      }
      if (v.timezone?.trim() && !isTimezone(v.timezone.trim())) add('timezone', 'invalid_timezone');
    })
    .transform((v) => ({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      birthdate: v.birthdate.trim(),
      gender: idOf(v.gender) as number,
      identification: (v.identification ?? '').trim() || null,
      maritalStatus: idOf(v.maritalStatus),
      languageId: v.languageId.trim(),
      timezone: v.timezone?.trim() || undefined,
      bio: v.bio ?? null,
    }));
export type UpdateProfileInput = z.input<ReturnType<typeof updateProfileInput>>;

export function isTimezone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** POST/PUT claims: default_language (a supported locale) or default_timezone (an IANA zone). */
export const claimInput = z
  .object({
    id: rowId().optional(),
    ClaimType: z.string({ error: 'invalid_claim_type' }).max(100),
    ClaimValue: z
      .string({ error: 'invalid_claim_value' })
      .max(200)
      .transform((v) => v.trim()),
  })
  .superRefine((v, ctx) => {
    if (v.ClaimType === CLAIM_TYPES.defaultLanguage) {
      if (!(LOCALES as readonly string[]).includes(v.ClaimValue)) {
        ctx.addIssue({ code: 'custom', path: ['ClaimValue'], message: 'error_language_empty' });
      }
    } else if (v.ClaimType === CLAIM_TYPES.defaultTimezone) {
      if (!isTimezone(v.ClaimValue))
        ctx.addIssue({ code: 'custom', path: ['ClaimValue'], message: 'invalid_timezone' });
    } else {
      ctx.addIssue({ code: 'custom', path: ['ClaimType'], message: 'invalid_claim_type' });
    }
  });
export type ClaimInput = z.input<typeof claimInput>;

export const cancelLinkingInput = z.object({
  claimId: rowId(),
  providerName: z.enum(['Google', 'Facebook', 'Zalo'], { error: 'invalid_provider' }),
});
export type CancelLinkingInput = z.input<typeof cancelLinkingInput>;

export const avatarAnswerSchema = z.object({ avatar: z.string() });
export type AvatarAnswer = z.infer<typeof avatarAnswerSchema>;
/** What the avatar upload accepts, by content. */
export const AVATAR_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;

export const languageInput = z.object({
  languageId: z
    .string({ error: 'error_language_empty' })
    .trim()
    .refine((v) => (LOCALES as readonly string[]).includes(v), 'error_language_empty'),
});
export type LanguageInput = z.input<typeof languageInput>;

export const languageAnswerSchema = z.object({ languageId: z.string() });

const PROFILE_RULES = [
  'error_first_name_empty',
  'error_last_name_empty',
  'error_name_too_long',
  'error_language_empty',
  'error_gender_empty',
  'error_birth_date_empty',
  'error_birth_date_invalid',
  'error_birth_year_invalid',
  'invalid_identification',
  'invalid_marital_status',
  'invalid_timezone',
  'bio_too_long',
] as const satisfies readonly MessageKey[];
const CLAIM_RULES = [
  'not_found',
  'invalid_claim_type',
  'error_language_empty',
  'invalid_timezone',
] as const satisfies readonly MessageKey[];

/** Creating (POST) and updating (PUT) a claim answer alike. */
const saveClaim = (method: 'POST' | 'PUT', summary: string) =>
  define({
    method,
    path: '/api/account/claims',
    summary,
    auth: 'user',
    input: claimInput,
    output: userClaimSchema,
    errors: CLAIM_RULES,
  });

const define = featureEndpoints('profile');

export const profileEndpoints = {
  get: define({
    method: 'GET',
    path: '/api/account/info',
    summary: "The user's general profile, labels in the reader's language",
    auth: 'user',
    output: generalProfileSchema,
  }),
  update: define({
    method: 'PUT',
    path: '/api/account/info',
    summary: 'Saves the general-info form; answers the profile as saved',
    auth: 'user',
    input: updateProfileInput(),
    output: generalProfileSchema,
    errors: PROFILE_RULES,
  }),
  createClaim: saveClaim('POST', 'Creates the default_language or default_timezone claim'),
  updateClaim: saveClaim('PUT', 'Updates the default_language or default_timezone claim'),
  cancelLinking: define({
    method: 'PUT',
    path: '/api/account/claims/cancel-linking',
    summary: 'Removes a Google, Facebook or Zalo link of the user (never the last way in)',
    auth: 'user',
    // Removing a way in changes how the account signs in: never with a stolen token alone.
    stepUp: true,
    input: cancelLinkingInput,
    output: z.literal(true),
    errors: ['not_found', 'invalid_provider', 'error_unlink_last_way'],
  }),
  /** multipart/form-data with the image (gif, jpeg or png by content) in the field `file`. */
  avatar: define({
    method: 'POST',
    path: '/api/account/avatar',
    summary: 'Uploads the avatar: multipart/form-data, the image (gif, jpeg or png) in the field file',
    auth: 'user',
    output: avatarAnswerSchema,
    errors: ['invalid_image', 'file_too_large'],
    upload: { field: 'file', types: AVATAR_TYPES },
  }),
  language: define({
    method: 'PUT',
    path: '/api/account/language',
    summary: "Sets the user's default language (the default_language claim)",
    auth: 'user',
    input: languageInput,
    output: languageAnswerSchema,
    errors: ['error_language_empty'],
  }),
};
