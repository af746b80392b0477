import { z } from 'zod';
import { contactEmailError, contactPhoneError, normalizeContact, rowId } from './contacts.js';
import { LOCALES } from './locales.js';
import { PASSWORD_INPUT_MAX } from './password.js';

// The signed-in account area, server side (spec account-area §2-§9; change/activate e-mail and
// phone from spec sign-in-and-session §2, §5, §7). Every path is under /api and needs the bearer
// token; every answer is { result }. Errors are { exception: { message }, errors: { field: [key] } }.

export const ACCOUNT_PATHS = {
  // ---- Personal info, claims, avatar, language -------------------------------------------------
  profile: '/api/account/info', // GET -> GeneralProfile; PUT UpdateProfileInput -> GeneralProfile
  claims: '/api/account/claims', // POST {ClaimType, ClaimValue} (create) / PUT {id?, ClaimType, ClaimValue} (update) -> UserClaim
  cancelLinking: '/api/account/claims/cancel-linking', // PUT {claimId, providerName} -> true
  avatar: '/api/account/avatar', // POST multipart/form-data, field `file` (gif/jpeg/png by content) -> {avatar}
  language: '/api/account/language', // PUT {languageId} -> {languageId}
  // ---- Devices ---------------------------------------------------------------------------------
  devices: '/api/account/devices', // GET -> Device[] (active, newest action first)
  devicesLoggedOut: '/api/account/devices/logged-out', // GET -> Device[]
  device: '/api/account/devices/:id', // GET -> Device (404 when not the user's)
  deviceLogout: '/api/account/devices/:id/logout', // POST -> true; log out of every device: AUTH_PATHS.logoutAll
  // ---- Recovery ways ---------------------------------------------------------------------------
  recoveryClaims: '/api/account/recovery-claims', // GET -> RecoveryClaim[]; POST {claimType, claimValue, password} -> RecoveryClaim[] ('' removes)
  // ---- Delete account --------------------------------------------------------------------------
  checkPassword: '/api/account/delete/check-password', // POST {password} -> true
  hasPassword: '/api/account/delete/has-password', // GET -> boolean
  deleteAccount: '/api/account/delete', // DELETE {confirm: true, password?} -> true (every session ended)
} as const;

/** Builds a path with :id. */
export const accountPath = (path: string, id: string | number) => path.replace(':id', encodeURIComponent(String(id)));

// ---- Personal info ------------------------------------------------------------------------------

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
  emailRecovery: 'email_recovery',
  phoneRecovery: 'phone_number_recovery',
} as const;
/** Claims the general-info page may create or update. */
export const EDITABLE_CLAIM_TYPES = [CLAIM_TYPES.defaultLanguage, CLAIM_TYPES.defaultTimezone] as const;
export const LINK_PROVIDERS = { Google: CLAIM_TYPES.googleLink, Facebook: CLAIM_TYPES.facebookLink } as const;

export type UserClaim = { id: number; claimType: string; claimValue: string };

/** The general user profile (spec §3) with labels in the reader's language. */
export type GeneralProfile = {
  id: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or null. */
  birthdate: string | null;
  gender: number | null;
  genderText: string;
  identification: string | null;
  maritalStatus: number | null;
  maritalStatusText: string;
  languageId: string;
  languageText: string;
  timezone: string;
  /** Sanitized HTML; render through DOMPurify. */
  bio: string;
  avatar: string | null;
  originalAvatar: string | null;
  userClaims: UserClaim[];
};

const BIRTH_YEAR_MIN = 1900;
/** The general-info birth-year bounds: 1900 to the current year minus 3. */
export const infoBirthYearMax = (now: Date = new Date()) => now.getFullYear() - 3;

export function infoBirthdateError(value: string, now: Date = new Date()): string | null {
  const v = value.trim();
  if (!v) return 'error_birth_date_empty';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'error_birth_date_invalid';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'error_birth_date_invalid';
  }
  if (year < BIRTH_YEAR_MIN || year > infoBirthYearMax(now)) return 'error_birth_year_invalid';
  return null;
}

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
  providerName: z.enum(['Google', 'Facebook'], { error: 'invalid_provider' }),
});
export type CancelLinkingInput = z.input<typeof cancelLinkingInput>;

export type AvatarAnswer = { avatar: string };
/** What the avatar upload accepts, by content. */
export const AVATAR_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;

export const languageInput = z.object({
  languageId: z
    .string({ error: 'error_language_empty' })
    .trim()
    .refine((v) => (LOCALES as readonly string[]).includes(v), 'error_language_empty'),
});
export type LanguageInput = z.input<typeof languageInput>;

// ---- Devices ------------------------------------------------------------------------------------

/** spec §3 Device. minutes: whole minutes since the last action, at least 1. Times are ISO strings. */
export type Device = {
  id: string;
  deviceType: 1 | 2;
  deviceName: string;
  locationRegion: string | null;
  isCurrentDevice: boolean;
  isLogOut: boolean;
  minutes: number;
  lastActionTime: string;
  loginTime: string;
  logoutTime: string | null;
  ip: string;
  browser: string;
};

// ---- Recovery ways ------------------------------------------------------------------------------

export const RECOVERY_CLAIM_TYPES = [CLAIM_TYPES.emailRecovery, CLAIM_TYPES.phoneRecovery] as const;
export type RecoveryClaimType = (typeof RECOVERY_CLAIM_TYPES)[number];
export type RecoveryClaim = { claimType: RecoveryClaimType; claimValue: string };

/** An empty claimValue removes the recovery way; otherwise e-mail format (email_invalid) or VN phone (invalid_phone_number). */
export const recoveryClaimInput = z
  .object({
    claimType: z.enum(RECOVERY_CLAIM_TYPES, { error: 'invalid_claim_type' }),
    claimValue: z.string().max(1000).optional().default(''),
    /** The account password: a recovery way can reset the password, so setting one needs it. */
    password: z.string().max(PASSWORD_INPUT_MAX).optional().default(''),
  })
  .superRefine((v, ctx) => {
    const value = v.claimValue.trim();
    if (!value) return;
    const error = v.claimType === CLAIM_TYPES.emailRecovery ? contactEmailError(value) : contactPhoneError(value);
    if (error) ctx.addIssue({ code: 'custom', path: ['claimValue'], message: error });
  })
  .transform((v) => ({ claimType: v.claimType, claimValue: normalizeContact(v.claimValue), password: v.password }));
export type RecoveryClaimInput = z.input<typeof recoveryClaimInput>;

// ---- Delete account -----------------------------------------------------------------------------

export const checkPasswordInput = z.object({
  password: z.string({ error: 'error_password_empty' }).min(1, 'error_password_empty').max(300, 'invalid_password'),
});
export type CheckPasswordInput = z.input<typeof checkPasswordInput>;

export const deleteAccountInput = z.object({
  confirm: z.literal(true, { error: 'delete_account_confirm_error' }),
  password: z.string().max(300, 'invalid_password').optional().default(''),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

/** Failure keys of the account APIs beyond the spec's (all in the message catalogs). */
export const ACCOUNT_ERRORS = [
  'maximum_email_or_phone',
  'contact_not_confirmed',
  'contact_is_primary',
  'contact_already_confirmed',
  'contact_delete_requires_code',
  'invalid_contact',
  'invalid_contact_type',
  'invalid_timezone',
  'invalid_claim_type',
  'invalid_marital_status',
  'invalid_image',
  'file_too_large',
  'bio_too_long',
  'invalid_provider',
] as const;
