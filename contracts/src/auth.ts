import { z } from 'zod';
import { PASSWORD_INPUT_MAX } from './password.js';
import { EMAIL_PATTERN } from './rules.js';

// Sign-in API (spec sign-in-and-session §7 "Login"). Every path is under /api.
export const AUTH_PATHS = {
  loginCheck: '/api/account/login-check', // POST
  login: '/api/account/login', // POST, query campaignId
  otpSupport: '/api/account/otp-support', // GET ?userName=
  loginSendOtp: '/api/account/login/send-otp', // POST
  loginByOtp: '/api/account/login/otp', // POST
  interaction: '/api/account/interaction', // GET /:uid, POST /:uid/consent, POST /:uid/abort
  captchaChallenge: '/api/captcha/challenge', // GET: the bare AltchaChallenge (no envelope, for the widget's challengeurl); 404 unless CAPTCHA_PROVIDER=altcha
  /** accountEndpoints.logoutAll (contracts/src/account.ts); the devices page calls it too. */
  logoutAll: '/api/account/logout-all',
  tokenLogin: '/api/account/token-login', // GET ?token=
} as const;

/** Username on the login form: required; when it has an @ it must be a valid e-mail. */
export const usernameSchema = z
  .string({ error: 'error_username_empty' })
  .trim()
  .min(1, 'error_username_empty')
  .max(320, 'error_username_empty')
  .refine((v) => !v.includes('@') || EMAIL_PATTERN.test(v), 'error_email_invalid');

export const loginCheckInput = z.object({ userName: usernameSchema });
export type LoginCheckInput = z.infer<typeof loginCheckInput>;
export type LoginCheckAnswer = { loginByOTP: boolean; isErrorMulti: boolean };

const returnUrl = z.string().max(2048).default('/');
/** Captcha answer: an ALTCHA payload (base64 JSON) or a reCAPTCHA token; required only when asked. */
const captcha = z.string().max(8192).optional();

export const loginInput = z.object({
  username: usernameSchema,
  password: z
    .string({ error: 'error_password_empty' })
    .min(1, 'error_password_empty')
    .max(PASSWORD_INPUT_MAX, 'login_invalid_info'),
  returnUrl,
  captcha,
  /** Browser fingerprint hash (spec: visistorId, seed 31); informational. */
  visistorId: z.string().max(128).optional(),
  rememberMachine: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginInput>;

export const sendLoginOtpInput = z.object({ username: usernameSchema, captcha });
export type SendOtpAnswer = { times: number };

export const otpCode = (emptyKey: string) =>
  z
    .string({ error: emptyKey })
    .trim()
    .min(1, { error: emptyKey, abort: true })
    .max(6, 'invalid_otp')
    .regex(/^\d+$/, 'invalid_otp');

export const loginByOtpInput = z.object({
  username: usernameSchema,
  otp: otpCode('otp_error_blank'),
  rememberMachine: z.boolean().default(true),
  returnUrl,
  otpType: z.enum(['email', 'phone']).optional(),
});
export type LoginByOtpInput = z.input<typeof loginByOtpInput>;

export type OtpMethod = { type: 'email' | 'phone'; title: string };

export const CAMPAIGN_ACTIONS = { goToUrl: 1, htmlPopup: 2 } as const;
export type Campaign = { loggedInAction: 1 | 2; data: string };

/** The login answer (spec §3). The browser goes to redirectUrl to finish the OIDC interaction. */
export type LoginAnswer = {
  isOk: boolean;
  isRegister: boolean;
  redirectUrl: string;
  userInfo?: { id: string; username: string; firstName: string; lastName: string } | null;
  userCampagin?: Campaign | null;
  requiresTwoFactor: boolean;
  userId?: string | null;
  twoFactorTypes?: { type: string; title: string }[];
};

/** GET /api/account/interaction/:uid — what the login page needs to know about a pending sign-in. */
export type InteractionDetails = {
  uid: string;
  prompt: 'login' | 'consent';
  client: { clientId: string; clientName: string; logoUri?: string; clientUri?: string; firstParty: boolean };
  scopes: string[];
  /** login_hint from the client, to prefill the username. */
  loginHint?: string;
};

export const consentInput = z.object({ approve: z.boolean() });
export type RedirectAnswer = { redirectUrl: string };

/** Failure keys the login page reacts to (spec §8). */
export const CAPTCHA_ERRORS = ['error_multi_time', 'captcha_invalid', 'captcha_error_empty'] as const;

/** GET /api/captcha/challenge (ALTCHA): the widget solves it and submits the base64 payload as `captcha`. */
export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

/** Failure keys of the sign-in and code APIs beyond the spec's (all in the message catalogs). */
export const SIGN_IN_ERRORS = [
  'login_invalid_info',
  'account_locked',
  'login_session_expired',
  'otp_invalid',
  'otp_expired',
  'otp_too_many_attempts',
  'too_many_requests',
] as const;
