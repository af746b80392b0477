import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// The devices pages (spec account §2 Devices, §3 Device, §4, §7 Devices). Logging out of every
// device is AUTH_PATHS.logoutAll (contracts/src/auth.ts).

/** spec §3 Device. minutes: whole minutes since the last action, at least 1. Times are ISO strings. */
export const deviceSchema = z.object({
  id: z.string(),
  deviceType: z.union([z.literal(1), z.literal(2)]),
  deviceName: z.string(),
  locationRegion: z.string().nullable(),
  isCurrentDevice: z.boolean(),
  isLogOut: z.boolean(),
  minutes: z.number().int(),
  lastActionTime: z.string(),
  loginTime: z.string(),
  logoutTime: z.string().nullable(),
  ip: z.string(),
  browser: z.string(),
  /** How the sign-in was made: password, otp, token, google, facebook, zalo; null when not recorded. */
  signInMethod: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** A device id from the path; an id that is not one of the user's devices answers 404 not_found. */
const deviceIdInput = z.object({ id: z.string() });

/**
 * A browser remembered at the second sign-in step (issue 11: it skips that step for 30 days until
 * forgotten, a password change or reset, two-step turned off or reset, or log out everywhere).
 */
export const rememberedDeviceSchema = z.object({
  id: z.string(),
  deviceType: z.union([z.literal(1), z.literal(2)]),
  deviceName: z.string(),
  browser: z.string(),
  ip: z.string(),
  createdTime: z.string(),
  lastUsedTime: z.string(),
  expiresTime: z.string(),
});
export type RememberedDevice = z.infer<typeof rememberedDeviceSchema>;

/**
 * The "this wasn't me" link of the new-sign-in e-mail (issue 32 point 6): its page (`?token=`)
 * signs that sign-in's browser out and hands over a password change. The link holds for
 * NOT_ME_LINK_DAYS and once.
 */
export const NOT_ME_PAGE = '/not-me';
export const NOT_ME_LINK_DAYS = 7;
export const notMeInput = z.object({
  token: z.string().min(1, 'not_me_link_invalid').max(200, 'not_me_link_invalid'),
});
/**
 * The password change the page goes on with: a reset token for the forgot-password page's last
 * step (contracts/src/forgot-password.ts resetPassword), for the sign-in e-mail the alert went to;
 * null when that address does not sign in (the page then starts the forgot-password page).
 */
export const notMeAnswerSchema = z.object({
  reset: z.object({ username: z.string(), token: z.string() }).nullable(),
});
export type NotMeAnswer = z.infer<typeof notMeAnswerSchema>;

const define = featureEndpoints('devices');

export const devicesEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/devices',
    summary: "The user's signed-in devices, newest action first",
    auth: 'user',
    output: z.array(deviceSchema),
  }),
  listLoggedOut: define({
    method: 'GET',
    path: '/api/account/devices/logged-out',
    summary: "The user's logged-out devices, newest action first",
    auth: 'user',
    output: z.array(deviceSchema),
  }),
  detail: define({
    method: 'GET',
    path: '/api/account/devices/:id',
    summary: "One of the user's devices",
    auth: 'user',
    input: deviceIdInput,
    output: deviceSchema,
    errors: ['not_found'],
  }),
  logout: define({
    method: 'POST',
    path: '/api/account/devices/:id/logout',
    summary: 'Logs one device out: its session ends and its tokens are revoked',
    auth: 'user',
    input: deviceIdInput,
    output: z.literal(true),
    errors: ['not_found'],
  }),
  remembered: define({
    method: 'GET',
    path: '/api/account/devices/remembered',
    summary: 'The browsers that skip the second sign-in step for this user, most recently used first',
    auth: 'user',
    output: z.array(rememberedDeviceSchema),
  }),
  forgetRemembered: define({
    method: 'POST',
    path: '/api/account/devices/remembered/:id/forget',
    summary: 'Forgets one remembered browser: its next sign-in asks for the second step again',
    auth: 'user',
    input: deviceIdInput,
    output: z.literal(true),
    errors: ['remembered_device_not_found'],
  }),
  notMe: define({
    method: 'POST',
    path: '/api/account/devices/not-me',
    summary:
      "The new-sign-in e-mail's \"this wasn't me\" link (single use, NOT_ME_LINK_DAYS): signs that sign-in's browser out and answers a password reset token",
    auth: 'public',
    input: notMeInput,
    output: notMeAnswerSchema,
    errors: ['not_me_link_invalid'],
  }),
};
