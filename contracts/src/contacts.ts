import { z } from 'zod';
import { CODE_ERRORS, codeSentSchema, doneSchema, featureEndpoints } from './endpoint.js';
import type { MessageKey } from './i18n/index.js';
import { EMAIL_PATTERN, VN_PHONE_PATTERN } from './rules.js';

// E-mails and phones of the signed-in user (spec account-area §2 E-mail/Phone pages, §3, §7) and
// the change / activate e-mail and phone flows (spec sign-in-and-session §2, §5, §7). Served by
// server/src/features/contacts, called by web/src/features/contacts and web/src/features/change-contact.

export const CONTACT_TYPES = { phone: 1, email: 2 } as const;
export type ContactType = (typeof CONTACT_TYPES)[keyof typeof CONTACT_TYPES];

/** A user phone-email entry (spec §3): name is the address itself. */
export const userContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isConfirmed: z.boolean(),
  isPrimary: z.boolean(),
  allowLogin: z.boolean(),
  type: z.union([z.literal(CONTACT_TYPES.phone), z.literal(CONTACT_TYPES.email)]),
});
export type UserContact = z.infer<typeof userContactSchema>;

export const contactTypeSchema = z.coerce
  .number({ error: 'invalid_contact_type' })
  .refine((v) => v === 1 || v === 2, 'invalid_contact_type')
  .transform((v) => v as ContactType);

export const listContactsQuery = z.object({ type: contactTypeSchema });

/** E-mail rule of the add form: error_email_empty, email_invalid. */
export function contactEmailError(value: string): MessageKey | null {
  const v = value.trim();
  if (!v) return 'error_email_empty';
  if (v.length > 254 || !EMAIL_PATTERN.test(v)) return 'email_invalid';
  return null;
}

/** Phone rule of the add form: phone_required, invalid_phone_number (10-digit Vietnamese mobile). */
export function contactPhoneError(value: string): MessageKey | null {
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

/** The countdown in seconds before another code can be sent. */
export const createContactAnswerSchema = codeSentSchema.extend({ id: z.number().int() });
export type CreateContactAnswer = z.infer<typeof createContactAnswerSchema>;

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
export const rowId = () =>
  z.coerce.number({ error: 'not_found' }).int().positive('not_found').max(2_147_483_647, 'not_found');

export const contactIdInput = z.object({ id: rowId() });
export const contactAllowLoginInput = contactIdInput.extend({ isAllow: z.boolean({ error: 'invalid_input' }) });
export const contactDeleteQuery = z.object({
  userPhoneEmailId: rowId(),
});

// ---- Change / activate e-mail and phone ---------------------------------------------------------

/** The new or activated address of the change / activate pages: newemail or newphone. */
const addressField = <F extends 'newemail' | 'newphone'>(field: F) =>
  ({ [field]: z.string().max(1000).optional().default('') }) as { [K in F]: z.ZodDefault<z.ZodOptional<z.ZodString>> };

/** Step 1 (otp '') sends a code to the new address; step 2 (otp) makes it the primary one. */
const changeContactInput = <F extends 'newemail' | 'newphone'>(field: F, valueError: (v: string) => string | null) =>
  z
    .object({ ...addressField(field), otp: z.string().max(20).optional().default('') })
    .superRefine((parsed, ctx) => {
      const v = parsed as Record<'newemail' | 'newphone' | 'otp', string>;
      const error = valueError(v[field]);
      if (error) ctx.addIssue({ code: 'custom', path: [field], message: error });
      if (v.otp.trim() && !/^\d{6}$/.test(v.otp.trim()))
        ctx.addIssue({ code: 'custom', path: ['otp'], message: 'invalid_otp' });
    })
    .transform((parsed) => {
      const v = parsed as Record<'newemail' | 'newphone' | 'otp', string>;
      return { value: normalizeContact(v[field]), otp: v.otp.trim() };
    });

export const changeEmailInput = changeContactInput('newemail', contactEmailError);
export type ChangeEmailInput = z.input<typeof changeEmailInput>;
export const changePhoneInput = changeContactInput('newphone', contactPhoneError);
export type ChangePhoneInput = z.input<typeof changePhoneInput>;

/** { times } after step 1; { ok: true } once changed (toast change_email_success / change_phone_success). */
export const changeContactAnswerSchema = z.union([codeSentSchema, doneSchema]);
export type ChangeContactAnswer = z.infer<typeof changeContactAnswerSchema>;

/** isActiveEmail / isActivePhone: the primary e-mail / phone is confirmed; isOk: nothing waits for activation. */
export const activeDataSchema = z.object({ isOk: z.boolean(), isActiveEmail: z.boolean(), isActivePhone: z.boolean() });
export type ActiveData = z.infer<typeof activeDataSchema>;
/** The primary phone and e-mail, confirmed or not (activate pages prefill newphone / newemail). */
export const contactInfoSchema = z.object({ phoneNumber: z.string().nullable(), email: z.string().nullable() });
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** Activate pages: newemail/newphone default to the primary (unconfirmed) address. */
export const activateEmailSendInput = z.object(addressField('newemail'));
export const activatePhoneSendInput = z.object(addressField('newphone'));
export const activateEmailInput = activateEmailSendInput.extend({ otp: contactOtp('otp_is_required') });
export const activatePhoneInput = activatePhoneSendInput.extend({ otp: contactOtp('otp_is_required') });
export type ActivateEmailInput = z.input<typeof activateEmailInput>;
export type ActivatePhoneInput = z.input<typeof activatePhoneInput>;

// ---- Endpoints ------------------------------------------------------------------------------------

/** What sending a code may answer (the send limits). */
const SEND_ERRORS = ['too_many_requests'] as const satisfies readonly MessageKey[];
const ALREADY = ['email_already', 'phone_already'] as const satisfies readonly MessageKey[];
const ENTRY_RULES = ['contact_not_confirmed', 'contact_is_primary'] as const satisfies readonly MessageKey[];

const define = featureEndpoints('contacts');

export const contactsEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/contacts',
    summary: "The user's e-mails (type 2) or phones (type 1), primary first",
    auth: 'user',
    input: listContactsQuery,
    output: z.array(userContactSchema),
    errors: ['invalid_contact_type'],
  }),
  create: define({
    method: 'POST',
    path: '/api/account/contacts',
    summary: 'Adds an unconfirmed e-mail or phone and sends it an activation code',
    auth: 'user',
    stepUp: true,
    input: createContactInput,
    output: createContactAnswerSchema,
    errors: [
      'invalid_contact_type',
      'error_email_empty',
      'email_invalid',
      'phone_required',
      'invalid_phone_number',
      'maximum_email_or_phone',
      ...ALREADY,
      ...SEND_ERRORS,
    ],
  }),
  exists: define({
    method: 'GET',
    path: '/api/account/contacts/exists',
    summary: 'Whether the address is on this account already (other accounts are never told)',
    auth: 'user',
    input: contactExistsQuery,
    output: z.boolean(),
    errors: ['invalid_contact'],
  }),
  sendOtp: define({
    method: 'POST',
    path: '/api/account/contacts/send-otp',
    summary: "(Re)sends an entry's code: activation when unconfirmed, removal when confirmed",
    auth: 'user',
    input: contactSendOtpInput,
    output: codeSentSchema,
    errors: ['invalid_contact', 'contact_already_confirmed', ...ENTRY_RULES, ...SEND_ERRORS],
  }),
  activate: define({
    method: 'POST',
    path: '/api/account/contacts/activate',
    summary: 'Confirms an entry with its code; the first confirmed one of its type becomes primary',
    auth: 'user',
    stepUp: true,
    input: contactOtpInput,
    output: userContactSchema,
    errors: [
      'invalid_contact',
      'please_enter_verification_code',
      'invalid_otp',
      'contact_already_confirmed',
      ...ALREADY,
      ...CODE_ERRORS,
    ],
  }),
  setPrimary: define({
    method: 'PUT',
    path: '/api/account/contacts/set-primary',
    summary: 'Makes a confirmed entry the primary one of its type',
    auth: 'user',
    stepUp: true,
    input: contactIdInput,
    output: z.literal(true),
    errors: ['not_found', 'invalid_contact', 'contact_not_confirmed'],
  }),
  allowLogin: define({
    method: 'PUT',
    path: '/api/account/contacts/allow-login',
    summary: 'Turns sign-in with a confirmed, non-primary entry on or off',
    auth: 'user',
    stepUp: true,
    input: contactAllowLoginInput,
    output: z.literal(true),
    errors: ['not_found', 'invalid_contact', ...ENTRY_RULES],
  }),
  remove: define({
    method: 'DELETE',
    path: '/api/account/contacts',
    summary: 'Removes an unconfirmed entry (a confirmed one needs delete-by-otp)',
    auth: 'user',
    input: contactDeleteQuery,
    output: z.literal(true),
    errors: ['not_found', 'invalid_contact', 'contact_is_primary', 'contact_delete_requires_code'],
  }),
  removeByOtp: define({
    method: 'POST',
    path: '/api/account/contacts/delete-by-otp',
    summary: 'Removes a confirmed, non-primary entry with the code sent to it',
    auth: 'user',
    input: contactOtpInput,
    output: z.literal(true),
    errors: ['invalid_contact', 'please_enter_verification_code', 'invalid_otp', ...ENTRY_RULES, ...CODE_ERRORS],
  }),
  changeEmail: define({
    method: 'POST',
    path: '/api/account/change-email',
    summary: 'Change e-mail: without otp sends a code to the new address, with it makes that address primary',
    auth: 'user',
    stepUp: true,
    input: changeEmailInput,
    output: changeContactAnswerSchema,
    errors: ['error_email_empty', 'email_invalid', 'invalid_otp', 'email_already', ...CODE_ERRORS, ...SEND_ERRORS],
  }),
  changePhone: define({
    method: 'POST',
    path: '/api/account/change-phone',
    summary: 'Change phone: without otp sends a code to the new number, with it makes that number primary',
    auth: 'user',
    stepUp: true,
    input: changePhoneInput,
    output: changeContactAnswerSchema,
    errors: ['phone_required', 'invalid_phone_number', 'invalid_otp', 'phone_already', ...CODE_ERRORS, ...SEND_ERRORS],
  }),
  activeData: define({
    method: 'GET',
    path: '/api/account/active-data',
    summary: 'Whether the primary e-mail and phone are confirmed',
    auth: 'user',
    output: activeDataSchema,
  }),
  contactInfo: define({
    method: 'GET',
    path: '/api/account/update-info',
    summary: 'The primary phone and e-mail, confirmed or not',
    auth: 'user',
    output: contactInfoSchema,
  }),
  activateEmailSend: define({
    method: 'POST',
    path: '/api/account/activate-email/send-code',
    summary: 'Sends the activation code to the e-mail (the primary one when empty)',
    auth: 'user',
    stepUp: true,
    input: activateEmailSendInput,
    output: codeSentSchema,
    errors: ['error_email_empty', 'email_invalid', 'contact_already_confirmed', ...SEND_ERRORS],
  }),
  activateEmail: define({
    method: 'POST',
    path: '/api/account/activate-email',
    summary: 'Confirms the e-mail with its code and makes it primary',
    auth: 'user',
    stepUp: true,
    input: activateEmailInput,
    output: doneSchema,
    errors: [
      'error_email_empty',
      'email_invalid',
      'otp_is_required',
      'invalid_otp',
      'contact_already_confirmed',
      'email_already',
      ...CODE_ERRORS,
    ],
  }),
  activatePhoneSend: define({
    method: 'POST',
    path: '/api/account/activate-phone/send-code',
    summary: 'Sends the activation code to the phone (the primary one when empty)',
    auth: 'user',
    stepUp: true,
    input: activatePhoneSendInput,
    output: codeSentSchema,
    errors: ['phone_required', 'invalid_phone_number', 'contact_already_confirmed', ...SEND_ERRORS],
  }),
  activatePhone: define({
    method: 'POST',
    path: '/api/account/activate-phone',
    summary: 'Confirms the phone with its code and makes it primary',
    auth: 'user',
    stepUp: true,
    input: activatePhoneInput,
    output: doneSchema,
    errors: [
      'phone_required',
      'invalid_phone_number',
      'otp_is_required',
      'invalid_otp',
      'contact_already_confirmed',
      'phone_already',
      ...CODE_ERRORS,
    ],
  }),
};
