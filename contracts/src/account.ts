import { z } from 'zod';
import { DELETE_ACCOUNT_PATH, deleteAccountEndpoints } from './delete-account.js';
import { LOCALES } from './locales.js';
import { PASSWORD_INPUT_MAX } from './password.js';
import { EMAIL_PATTERN, VN_PHONE_PATTERN } from './rules.js';

// The signed-in account area, server side (spec account-area §2-§9; change/activate e-mail and
// phone from spec sign-in-and-session §2, §5, §7). Every path is under /api and needs the bearer
// token; every answer is { result }. Errors are { exception: { message }, errors: { field: [key] } }.

export const ACCOUNT_PATHS = {
  // ---- E-mails and phones (user phone-email entries) ----------------------------------------
  contacts: '/api/account/contacts', // GET ?type=2|1 -> UserContact[] (primary first); POST CreateContactInput -> {id, times}
  contactExists: '/api/account/contacts/exists', // GET ?userPhoneEmailName= -> boolean (on this account, or confirmed on another)
  contactSendOtp: '/api/account/contacts/send-otp', // POST {emailPhoneName, action?} -> {times}
  contactActivate: '/api/account/contacts/activate', // POST {PhoneEmailName, Otp} -> UserContact
  contactSetPrimary: '/api/account/contacts/set-primary', // PUT {id} -> true
  contactAllowLogin: '/api/account/contacts/allow-login', // PUT {id, isAllow} -> true
  contactDelete: '/api/account/contacts', // DELETE ?userPhoneEmailId= -> true (unconfirmed only)
  contactDeleteByOtp: '/api/account/contacts/delete-by-otp', // POST {PhoneEmailName, Otp} -> true
  // ---- Change / activate e-mail and phone -------------------------------------------------------
  changeEmail: '/api/account/change-email', // POST {newemail, otp}: otp '' -> {times}; with otp -> {ok: true}
  changePhone: '/api/account/change-phone', // POST {newphone, otp}: same
  activeData: '/api/account/active-data', // GET -> ActiveData
  updateInfo: '/api/account/update-info', // GET -> {phoneNumber, email} (the PUT is register's update-info)
  activateEmailSendCode: '/api/account/activate-email/send-code', // POST {newemail?} -> {times}
  activateEmail: '/api/account/activate-email', // POST {newemail?, otp} -> {ok: true}
  activatePhoneSendCode: '/api/account/activate-phone/send-code', // POST {newphone?} -> {times}
  activatePhone: '/api/account/activate-phone', // POST {newphone?, otp} -> {ok: true}
  // ---- Personal info, claims, avatar, language -------------------------------------------------
  profile: '/api/account/info', // GET -> GeneralProfile; PUT UpdateProfileInput -> GeneralProfile
  claims: '/api/account/claims', // POST {ClaimType, ClaimValue} (create) / PUT {id?, ClaimType, ClaimValue} (update) -> UserClaim
  cancelLinking: '/api/account/claims/cancel-linking', // PUT {claimId, providerName} -> true
  avatar: '/api/account/avatar', // POST multipart/form-data, field `file` (gif/jpeg/png by content) -> {avatar}
  language: '/api/account/language', // PUT {languageId} -> {languageId}
  // ---- Recovery ways ---------------------------------------------------------------------------
  recoveryClaims: '/api/account/recovery-claims', // GET -> RecoveryClaim[]; POST {claimType, claimValue, password} -> RecoveryClaim[] ('' removes)
  // ---- Delete account (contracts/src/delete-account.ts); names kept for auth/password-checks.test.ts
  checkPassword: deleteAccountEndpoints.checkPassword.path,
  deleteAccount: DELETE_ACCOUNT_PATH,
} as const;

/** Builds a path with :id. */
export const accountPath = (path: string, id: string | number) => path.replace(':id', encodeURIComponent(String(id)));

// ---- E-mails and phones ------------------------------------------------------------------------

export const CONTACT_TYPES = { phone: 1, email: 2 } as const;
export type ContactType = (typeof CONTACT_TYPES)[keyof typeof CONTACT_TYPES];

/** A user phone-email entry (spec §3): name is the address itself. */
export type UserContact = {
  id: number;
  name: string;
  isConfirmed: boolean;
  isPrimary: boolean;
  allowLogin: boolean;
  type: ContactType;
};

export const contactTypeSchema = z.coerce
  .number({ error: 'invalid_contact_type' })
  .refine((v) => v === 1 || v === 2, 'invalid_contact_type')
  .transform((v) => v as ContactType);

export const listContactsQuery = z.object({ type: contactTypeSchema });

/** E-mail rule of the add form: error_email_empty, email_invalid. */
export function contactEmailError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'error_email_empty';
  if (v.length > 254 || !EMAIL_PATTERN.test(v)) return 'email_invalid';
  return null;
}

/** Phone rule of the add form: phone_required, invalid_phone_number (10-digit Vietnamese mobile). */
export function contactPhoneError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'phone_required';
  if (!VN_PHONE_PATTERN.test(v)) return 'invalid_phone_number';
  return null;
}

export const contactValueError = (type: ContactType, value: string) =>
  type === CONTACT_TYPES.email ? contactEmailError(value) : contactPhoneError(value);

/** Normalises an address: e-mails lower-case and trimmed, phones trimmed. */
export const normalizeContact = (value: string) => {
  const v = value.trim();
  return v.includes('@') ? v.toLowerCase() : v;
};

/** POST contacts: creates an unconfirmed entry and sends it a code. */
export const createContactInput = z
  .object({
    type: contactTypeSchema,
    Name: z.string().max(1000).optional().default(''),
    /** Sent by the page; ignored (new entries are always unconfirmed until their code is entered). */
    isConfirmed: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const error = contactValueError(v.type, v.Name);
    if (error) ctx.addIssue({ code: 'custom', path: ['Name'], message: error });
  })
  .transform((v) => ({ type: v.type, name: normalizeContact(v.Name) }));
export type CreateContactInput = z.input<typeof createContactInput>;
export type CreateContactAnswer = { id: number; times: number };

const contactName = z
  .string({ error: 'invalid_contact' })
  .trim()
  .min(1, 'invalid_contact')
  .max(1000, 'invalid_contact');

export const contactExistsQuery = z.object({ userPhoneEmailName: contactName });

/** action: which code to send; default 'activate' for an unconfirmed entry and 'delete' for a confirmed one. */
export const contactSendOtpInput = z.object({
  emailPhoneName: contactName,
  action: z.enum(['activate', 'delete']).optional(),
});
export type ContactSendOtpInput = z.input<typeof contactSendOtpInput>;

/** The 6-digit code; empty gives please_enter_verification_code. */
export const contactOtp = (emptyKey = 'please_enter_verification_code') =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey, abort: true })
    .regex(/^\d{6}$/, 'invalid_otp');

export const contactOtpInput = z.object({ PhoneEmailName: contactName, Otp: contactOtp() });
export type ContactOtpInput = z.input<typeof contactOtpInput>;

/** A row id: serial columns are int4, so larger numbers name no row (404, never a database error). */
const rowId = () => z.coerce.number({ error: 'not_found' }).int().positive('not_found').max(2_147_483_647, 'not_found');

export const contactIdInput = z.object({ id: rowId() });
export const contactAllowLoginInput = contactIdInput.extend({ isAllow: z.boolean({ error: 'invalid_input' }) });
export const contactDeleteQuery = z.object({
  userPhoneEmailId: rowId(),
});

// ---- Change / activate e-mail and phone ---------------------------------------------------------

/** Step 1 (otp '') sends a code to the new address; step 2 (otp) makes it the primary one. */
export const changeEmailInput = z
  .object({ newemail: z.string().max(1000).optional().default(''), otp: z.string().max(20).optional().default('') })
  .superRefine((v, ctx) => {
    const error = contactEmailError(v.newemail);
    if (error) ctx.addIssue({ code: 'custom', path: ['newemail'], message: error });
    if (v.otp.trim() && !/^\d{6}$/.test(v.otp.trim()))
      ctx.addIssue({ code: 'custom', path: ['otp'], message: 'invalid_otp' });
  })
  .transform((v) => ({ value: normalizeContact(v.newemail), otp: v.otp.trim() }));
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const changePhoneInput = z
  .object({ newphone: z.string().max(1000).optional().default(''), otp: z.string().max(20).optional().default('') })
  .superRefine((v, ctx) => {
    const error = contactPhoneError(v.newphone);
    if (error) ctx.addIssue({ code: 'custom', path: ['newphone'], message: error });
    if (v.otp.trim() && !/^\d{6}$/.test(v.otp.trim()))
      ctx.addIssue({ code: 'custom', path: ['otp'], message: 'invalid_otp' });
  })
  .transform((v) => ({ value: normalizeContact(v.newphone), otp: v.otp.trim() }));
export type ChangePhoneInput = z.input<typeof changePhoneInput>;

/** { times } after step 1; { ok: true } once changed (toast change_email_success / change_phone_success). */
export type ChangeContactAnswer = { times: number } | { ok: true };

/** isActiveEmail / isActivePhone: the primary e-mail / phone is confirmed; isOk: nothing waits for activation. */
export type ActiveData = { isOk: boolean; isActiveEmail: boolean; isActivePhone: boolean };
/** The primary phone and e-mail, confirmed or not (activate pages prefill newphone / newemail). */
export type ContactInfo = { phoneNumber: string | null; email: string | null };

/** Activate pages: newemail/newphone default to the primary (unconfirmed) address. */
export const activateEmailSendInput = z.object({ newemail: z.string().max(1000).optional().default('') });
export const activatePhoneSendInput = z.object({ newphone: z.string().max(1000).optional().default('') });
export const activateEmailInput = activateEmailSendInput.extend({ otp: contactOtp('otp_is_required') });
export const activatePhoneInput = activatePhoneSendInput.extend({ otp: contactOtp('otp_is_required') });
export type ActivateEmailInput = z.input<typeof activateEmailInput>;
export type ActivatePhoneInput = z.input<typeof activatePhoneInput>;

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
