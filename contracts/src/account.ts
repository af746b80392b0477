import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.js';

// The signed-in account area, server side (spec account-area §2-§9): devices and deleting the
// account. E-mails and phones, personal info and recovery ways have their own contracts files
// (contacts.ts, profile.ts, recovery.ts). Every path is under /api and needs the bearer token;
// every answer is { result }. Errors are { exception: { message }, errors: { field: [key] } }.

export const ACCOUNT_PATHS = {
  // ---- Devices ---------------------------------------------------------------------------------
  devices: '/api/account/devices', // GET -> Device[] (active, newest action first)
  devicesLoggedOut: '/api/account/devices/logged-out', // GET -> Device[]
  device: '/api/account/devices/:id', // GET -> Device (404 when not the user's)
  deviceLogout: '/api/account/devices/:id/logout', // POST -> true; log out of every device: AUTH_PATHS.logoutAll
  // ---- Delete account --------------------------------------------------------------------------
  checkPassword: '/api/account/delete/check-password', // POST {password} -> true
  hasPassword: '/api/account/delete/has-password', // GET -> boolean
  deleteAccount: '/api/account/delete', // DELETE {confirm: true, password?} -> true (every session ended)
} as const;

/** Builds a path with :id. */
export const accountPath = (path: string, id: string | number) => path.replace(':id', encodeURIComponent(String(id)));

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
  idp: z.enum(['local', 'Google', 'Facebook']),
  default_language: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const accountEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/account/me',
    feature: 'account',
    summary: 'Who the bearer token belongs to: names, avatar, primary e-mail, language',
    auth: 'user',
    input: noInput,
    output: currentUserSchema,
    errors: [],
  }),
  logoutAll: defineEndpoint({
    method: 'POST',
    path: '/api/account/logout-all',
    feature: 'account',
    summary:
      'Signs out everywhere: ends every session, revokes every grant with its tokens, marks the devices logged out',
    auth: 'user',
    input: noInput,
    output: z.literal(true),
    errors: [],
  }),
};
