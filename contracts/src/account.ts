import { z } from 'zod';
import { deleteAccountEndpoints } from './delete-account.js';
import { featureEndpoints } from './endpoint.js';

// The signed-in account itself: who is signed in, signing out everywhere, and the account area's
// shared failure keys. E-mails and phones, personal info, recovery ways, devices and deleting the
// account have their own contracts files (contacts.ts, profile.ts, recovery.ts, devices.ts,
// delete-account.ts). Every path is under /api and needs the bearer token.

export const ACCOUNT_PATHS = {
  // ---- Delete account (contracts/src/delete-account.ts); names kept for auth/password-checks.test.ts
  checkPassword: deleteAccountEndpoints.checkPassword.path,
  deleteAccount: deleteAccountEndpoints.remove.path,
} as const;

/** Builds a path with :id. */
export const accountPath = (path: string, id: string | number) => path.replace(':id', encodeURIComponent(String(id)));

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

// ---- Who is signed in, and signing out everywhere (server/src/features/account) --------------

/** GET /api/account/me: who the bearer token belongs to. */
export const currentUserSchema = z.object({
  sub: z.string(),
  name: z.string(),
  full_name: z.string(),
  /** Given name and family name: pages write them with formatPersonName in the page's language. */
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  /** How this sign-in was made: through a provider (its name), else `local`. */
  idp: z.enum(['local', 'Google', 'Facebook', 'Zalo']),
  default_language: z.string(),
  /** A child's account waiting for its guardian's consent (contracts/src/guardian.ts): only /guardian works. */
  awaits_guardian: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

const define = featureEndpoints('account');

export const accountEndpoints = {
  me: define({
    method: 'GET',
    path: '/api/account/me',
    summary:
      'Who the bearer token belongs to: names, avatar, primary e-mail, language, and whether it waits for a guardian',
    auth: 'user',
    whileAwaitingGuardian: true,
    output: currentUserSchema,
  }),
  logoutAll: define({
    method: 'POST',
    path: '/api/account/logout-all',
    summary:
      'Signs out everywhere: ends every session, revokes every grant with its tokens, marks the devices logged out',
    auth: 'user',
    whileAwaitingGuardian: true,
    output: z.literal(true),
  }),
};
