import { z } from 'zod';
import { otpCode } from './auth.js';
import { contactEmailError, contactPhoneError, normalizeContact } from './contacts.js';
import { codeSentSchema, doneSchema, featureEndpoints } from './endpoint.js';

// Guardian consent for children (issue 32 point 4; docs/children.md): Vietnam's Decree 13/2023
// Art. 20 asks a guardian's consent to process the data of a child under GUARDIAN_CONSENT_AGE
// (16), and the child's own from CHILD_CONSENT_AGE (7); both ages are configuration. A child's
// account waits for its guardian: it signs in to the portal only to name them (/guardian), and
// relying parties get `interaction_required`. The guardian proves the address with the code sent
// to it, reads what will be processed and consents (/guardian-consent); every message to them
// carries a link that withdraws the consent, which deletes the child's account.

/** The child's page: name the guardian, see whether they have answered. */
export const GUARDIAN_PAGE = '/guardian';
/** The guardian's page (the message's link), with `for` (the child's account) and `to` (the address). */
export const GUARDIAN_CONSENT_PAGE = '/guardian-consent';
/** The withdrawal link's page, with `token`. */
export const GUARDIAN_WITHDRAW_PAGE = '/guardian-consent/withdraw';
/** Where a relying party's sign-in of a waiting child lands, with `continue` (back to the party, which gets interaction_required). */
export const GUARDIAN_REQUIRED_PAGE = '/guardian-required';

/**
 * Whole years from a birth date (YYYY-MM-DD) to `now`; null when there is none. A birthday on
 * 29 February counts on 1 March in other years.
 */
export function ageOn(birthdate: string | null | undefined, now: Date = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (before ? 1 : 0);
}

/** The guardian's e-mail or a Vietnamese mobile number, normalised like a contact. */
const guardianAddress = z
  .string()
  .max(254, 'guardian_invalid')
  .superRefine((value, ctx) => {
    const v = value.trim();
    const error = !v ? 'guardian_required' : v.includes('@') ? contactEmailError(v) : contactPhoneError(v);
    if (error)
      ctx.addIssue({ code: 'custom', message: v && error !== 'guardian_required' ? 'guardian_invalid' : error });
  })
  .transform(normalizeContact);

export const guardianStatusSchema = z.object({
  /** This account waits for a guardian's consent before it can be used. */
  required: z.boolean(),
  /** The age from which no guardian is needed (GUARDIAN_CONSENT_AGE). */
  ageLimit: z.number().int(),
  /** The child is old enough that their own agreement is asked too (CHILD_CONSENT_AGE). */
  childAgreement: z.boolean(),
  /** The guardian asked last, masked, and when; null before the child named one. */
  asked: z.object({ to: z.string(), time: z.string() }).nullable(),
  /** What the guardian consents to, in the reader's language (configuration: docs/children.md). */
  text: z.string(),
  /** When the account and its data are erased if nobody consents by then (GUARDIAN_WAIT_DAYS); null: never, or not waiting. */
  deleteOn: z.string().nullable(),
});
export type GuardianStatus = z.infer<typeof guardianStatusSchema>;

export const guardianRequestSchema = z.object({
  /** The child's first name, as they gave it. */
  child: z.string(),
  /** The child's age in years. */
  age: z.number().int(),
  text: z.string(),
  /** Whether the child agreed themselves (asked from CHILD_CONSENT_AGE). */
  childAgreed: z.boolean(),
});
export type GuardianRequest = z.infer<typeof guardianRequestSchema>;

const define = featureEndpoints('guardian');

export const guardianEndpoints = {
  status: define({
    method: 'GET',
    path: '/api/account/guardian',
    summary: 'Whether this account waits for a guardian, whom it asked, and the text they will consent to',
    auth: 'user',
    whileAwaitingGuardian: true,
    output: guardianStatusSchema,
  }),
  ask: define({
    method: 'POST',
    path: '/api/account/guardian',
    summary:
      "Names the guardian (e-mail or phone): they get a code, a link to the consent page and a link that withdraws; from CHILD_CONSENT_AGE the child's own agreement is needed",
    auth: 'user',
    whileAwaitingGuardian: true,
    input: z.object({ guardian: guardianAddress, childAgrees: z.boolean().default(false) }),
    output: codeSentSchema,
    errors: [
      'guardian_invalid',
      'guardian_is_self',
      'guardian_child_agreement',
      'guardian_not_needed',
      'too_many_requests',
    ],
  }),
  check: define({
    method: 'POST',
    path: '/api/guardian/check',
    summary:
      "The guardian's code: answers a consent token and what will be processed (the child, the text); wrong, expired and over-tried codes are refused",
    auth: 'public',
    input: z.object({ child: z.string().min(1).max(100), guardian: guardianAddress, otp: otpCode('otp_is_required') }),
    output: guardianRequestSchema.extend({ token: z.string() }),
    errors: ['otp_invalid', 'otp_expired', 'otp_too_many_attempts', 'guardian_link_invalid', 'too_many_requests'],
  }),
  consent: define({
    method: 'POST',
    path: '/api/guardian/consent',
    summary:
      'The guardian consents with the token of their code: recorded with who, how, when and the exact text; the child can use the account from then on',
    auth: 'public',
    input: z.object({ token: z.string().min(1).max(200) }),
    output: doneSchema,
    errors: ['guardian_link_invalid'],
  }),
  withdrawal: define({
    method: 'POST',
    path: '/api/guardian/withdrawal',
    summary: 'Whose account a withdrawal link is for (the child’s first name), before the guardian confirms',
    auth: 'public',
    input: z.object({ token: z.string().min(1).max(300) }),
    output: z.object({ child: z.string() }),
    errors: ['guardian_link_invalid'],
  }),
  withdraw: define({
    method: 'POST',
    path: '/api/guardian/withdraw',
    summary: "The guardian withdraws consent through the link of any message: the child's account is deleted",
    auth: 'public',
    input: z.object({ token: z.string().min(1).max(300) }),
    output: doneSchema,
    errors: ['guardian_link_invalid'],
  }),
};
