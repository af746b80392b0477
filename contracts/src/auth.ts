import { z } from 'zod';
import { brandDataSchema } from './brand.js';
import { featureEndpoints } from './endpoint.js';
import { PASSWORD_INPUT_MAX } from './password.js';
import { EMAIL_PATTERN } from './rules.js';

// Sign-in API (spec sign-in-and-session §7 "Login"). Every path is under /api.
// The calls are `authEndpoints` below; these paths are also read on their own (the widget's URL).
export const AUTH_PATHS = {
  captchaChallenge: '/api/captcha/challenge', // GET: the bare AltchaChallenge (no envelope, for the widget's challengeurl); 404 unless CAPTCHA_PROVIDER=altcha
  /** accountEndpoints.logoutAll (contracts/src/account.ts); the devices page calls it too. */
  logoutAll: '/api/account/logout-all',
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
export const loginCheckAnswerSchema = z.object({ loginByOTP: z.boolean(), isErrorMulti: z.boolean() });
export type LoginCheckAnswer = z.infer<typeof loginCheckAnswerSchema>;

/** Where the login page returns to (a provider interaction, or a portal path); '/' when none. */
export const returnUrlSchema = z.string().max(2048).default('/');
const returnUrl = returnUrlSchema;
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
/** Codes sent so far to this address in the window. */
export const sendOtpAnswerSchema = z.object({ times: z.number().int() });
export type SendOtpAnswer = z.infer<typeof sendOtpAnswerSchema>;

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
  /** Needed once the account's or the IP's failures reached the streak, as for the password. */
  captcha,
});
export type LoginByOtpInput = z.input<typeof loginByOtpInput>;

/** A way to receive a sign-in code; `title` is a message key. */
export const otpMethodSchema = z.object({ type: z.enum(['email', 'phone']), title: z.string() });
export type OtpMethod = z.infer<typeof otpMethodSchema>;

export const CAMPAIGN_ACTIONS = { goToUrl: 1, htmlPopup: 2 } as const;
export const campaignSchema = z.object({ loggedInAction: z.union([z.literal(1), z.literal(2)]), data: z.string() });
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * A way to pass login step 3 (spec §3 "Method types come from the server as a list of type and
 * title"): `title` is a message key, `value` the masked address an e-mail code goes to. The
 * recovery code is not a type of its own here: it is the checkbox of the authenticator method.
 * `app` is a code a signed-in session shows, `prompt` a push request a signed-in device approves
 * (contracts/src/approval.ts; login step 3 shows the prompt's note and resend button). `passkey` is
 * one of the account's passkeys, answered in the browser's dialog (contracts/src/passkeys.ts
 * secondStep), never a typed code.
 */
export const LOGIN_TWO_FACTOR_TYPES = ['authenticator', 'email', 'app', 'prompt', 'passkey'] as const;
export const loginTwoFactorTypeSchema = z.object({
  type: z.enum(LOGIN_TWO_FACTOR_TYPES),
  title: z.string(),
  value: z.string().optional(),
});
export type LoginTwoFactorType = z.infer<typeof loginTwoFactorTypeSchema>;

/** The login answer (spec §3). The browser goes to redirectUrl to finish the OIDC interaction. */
export const loginAnswerSchema = z.object({
  isOk: z.boolean(),
  isRegister: z.boolean(),
  redirectUrl: z.string(),
  userInfo: z
    .object({ id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable()
    .optional(),
  userCampagin: campaignSchema.nullable().optional(),
  requiresTwoFactor: z.boolean(),
  userId: z.string().nullable().optional(),
  /** The second factors this sign-in may pass, first the preselected one (spec §3; see loginTwoFactorType). */
  twoFactorTypes: z.array(loginTwoFactorTypeSchema).optional(),
  /**
   * Why step 3 is asked: the account's two-step (`two_step`), or the application asks for two
   * factors (`application`, acr_values) of an account that may not use two-step at all; the
   * page's intro says which.
   */
  twoFactorReason: z.enum(['two_step', 'application']).optional(),
  /**
   * A provider's sign-in whose e-mail belongs to an account (issue 25): the provider is linked only
   * once this sign-in proves that account (its password or a code to `username`, then two-step).
   */
  linkProof: z.object({ provider: z.enum(['google', 'facebook', 'zalo']), username: z.string() }).optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** What the login page needs to know about a pending sign-in. */
export const interactionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.enum(['login', 'consent']),
  client: z.object({
    clientId: z.string(),
    clientName: z.string(),
    logoUri: z.string().optional(),
    clientUri: z.string().optional(),
    firstParty: z.boolean(),
    /** The product (block) the client is, whose brand the page's banner shows (contracts/src/branding.ts). */
    blockId: z.string().optional(),
  }),
  /** The banner by language: the client's block's brand, else the portal's. */
  brand: brandDataSchema,
  scopes: z.array(z.string()),
  /** login_hint from the client, to prefill the username. */
  loginHint: z.string().optional(),
  /** The relying party asks the signed-in account for a second factor (acr_values): only login step 3 is owed. */
  stepUp: z.boolean().optional(),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

/** The pending interaction's uid, from the path; anything unusable is an expired sign-in. */
const interactionUid = z
  .string({ error: 'login_session_expired' })
  .min(1, 'login_session_expired')
  .max(256, 'login_session_expired');
export const interactionInput = z.object({ uid: interactionUid });
export const consentInput = z.object({ approve: z.boolean() });
export const redirectAnswerSchema = z.object({ redirectUrl: z.string() });
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;

/** Login step 3's code: required (spec §5 please_enter_code_2fa_code); at most a recovery code's length. */
const twoFactorCode = z
  .string({ error: 'please_enter_code_2fa_code' })
  .trim()
  .min(1, { error: 'please_enter_code_2fa_code', abort: true })
  .max(64, 'authentication_code_is_incorrect');

/** Where the page is: the interaction its returnUrl names (the second step is bound to it). */
export const twoFactorStepInput = z.object({ returnUrl });

/** spec §7 "POST login two-factor": the code of the chosen method; rememberMachine defaults on (spec §9). */
export const loginTwoFactorInput = z.object({
  returnUrl,
  codeReceiveMethod: z.enum(LOGIN_TWO_FACTOR_TYPES, { error: 'please_select_method_receive_2fa_code' }),
  twoFactorCode,
  rememberMachine: z.boolean().default(true),
});
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorInput>;

/** spec §7 "POST login two-factor recovery code". */
export const loginRecoveryCodeInput = z.object({
  returnUrl,
  recoveryCode: twoFactorCode,
  rememberMachine: z.boolean().default(true),
});
export type LoginRecoveryCodeInput = z.input<typeof loginRecoveryCodeInput>;

/** spec §7 "POST two-factor send code": only e-mail sends a code; a method must be chosen (spec §5). */
export const twoFactorSendCodeInput = z.object({
  returnUrl,
  codeReceiveMethod: z.enum(['email'], { error: 'please_select_method_receive_2fa_code' }),
});
/** Seconds until another code may be sent (spec §7 result.data.expirySecond; the page's mm:ss countdown). */
export const twoFactorSendCodeAnswerSchema = z.object({ expirySecond: z.number().int() });
export type TwoFactorSendCodeAnswer = z.infer<typeof twoFactorSendCodeAnswerSchema>;

/** Failure keys the login page reacts to (spec §8). */
export const CAPTCHA_ERRORS = ['error_multi_time', 'captcha_invalid', 'captcha_error_empty'] as const;

/** GET /api/captcha/challenge (ALTCHA): the widget solves it and submits the base64 payload as `captcha`. */
export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

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

const CAPTCHA_KEYS = ['captcha_error_empty', 'captcha_invalid'] as const;
const SIGN_IN_KEYS = ['account_locked', 'login_session_expired'] as const;
const OTP_KEYS = ['otp_invalid', 'otp_expired', 'otp_too_many_attempts'] as const;

const define = featureEndpoints('auth');

/**
 * The login page's calls (spec sign-in-and-session §7 "Login"). login and login/otp also read
 * `campaignId` from the query string, as the spec has it (§7 "POST account login").
 */
export const authEndpoints = {
  loginCheck: define({
    method: 'POST',
    path: '/api/account/login-check',
    summary: 'Step 1 of the login page: which tab to start on and whether the captcha is needed',
    auth: 'public',
    input: loginCheckInput,
    output: loginCheckAnswerSchema,
  }),
  login: define({
    method: 'POST',
    path: '/api/account/login',
    summary: 'Signs in with a password and completes the pending OIDC interaction of this browser',
    auth: 'public',
    input: loginInput,
    output: loginAnswerSchema,
    errors: ['login_invalid_info', 'error_multi_time', ...CAPTCHA_KEYS, ...SIGN_IN_KEYS],
  }),
  otpSupport: define({
    method: 'GET',
    path: '/api/account/otp-support',
    summary: 'Ways to receive a sign-in code for a username (by its kind; says nothing about accounts)',
    auth: 'public',
    input: loginCheckInput,
    output: z.array(otpMethodSchema),
  }),
  sendLoginOtp: define({
    method: 'POST',
    path: '/api/account/login/send-otp',
    summary: 'Sends a sign-in code when the username has an account; the same answer either way',
    auth: 'public',
    input: sendLoginOtpInput,
    output: sendOtpAnswerSchema,
    errors: ['too_many_requests', ...CAPTCHA_KEYS],
  }),
  loginByOtp: define({
    method: 'POST',
    path: '/api/account/login/otp',
    summary: 'Signs in with a one-time code and completes the pending OIDC interaction of this browser',
    auth: 'public',
    input: loginByOtpInput,
    output: loginAnswerSchema,
    errors: [...OTP_KEYS, ...SIGN_IN_KEYS, ...CAPTCHA_KEYS],
  }),
  twoFactorResume: define({
    method: 'POST',
    path: '/api/account/login/two-factor/resume',
    summary:
      'Login step 3 again: the second step this browser owes (after a reload), or a step-up a relying party asked for with acr_values for the signed-in account',
    auth: 'public',
    input: twoFactorStepInput,
    output: loginAnswerSchema,
    errors: ['login_two_factor_expired', 'login_session_expired'],
  }),
  twoFactorSendCode: define({
    method: 'POST',
    path: '/api/account/login/two-factor/send-code',
    summary: 'Sends the second-step code to the e-mail of the account this browser is signing in to',
    auth: 'public',
    input: twoFactorSendCodeInput,
    output: twoFactorSendCodeAnswerSchema,
    errors: ['please_select_method_receive_2fa_code', 'login_two_factor_expired', 'too_many_requests'],
  }),
  loginTwoFactor: define({
    method: 'POST',
    path: '/api/account/login/two-factor',
    summary:
      'Login step 3: an authenticator or e-mail code passes the second step and completes the sign-in; may remember this browser',
    auth: 'public',
    input: loginTwoFactorInput,
    output: loginAnswerSchema,
    errors: [
      'please_enter_code_2fa_code',
      'please_select_method_receive_2fa_code',
      'authentication_code_is_incorrect',
      'login_two_factor_expired',
      ...OTP_KEYS,
      ...SIGN_IN_KEYS,
      'too_many_requests',
    ],
  }),
  loginRecoveryCode: define({
    method: 'POST',
    path: '/api/account/login/two-factor/recovery-code',
    summary: 'Login step 3 with a recovery code (single use) instead of the authenticator',
    auth: 'public',
    input: loginRecoveryCodeInput,
    output: loginAnswerSchema,
    errors: [
      'please_enter_code_2fa_code',
      'recovery_code_is_incorrect',
      'login_two_factor_expired',
      ...SIGN_IN_KEYS,
      'too_many_requests',
    ],
  }),
  interaction: define({
    method: 'GET',
    path: '/api/account/interaction/:uid',
    summary: 'What the login or consent page shows about a pending sign-in: the client, scopes, login hint',
    auth: 'public',
    input: interactionInput,
    output: interactionDetailsSchema,
    errors: ['login_session_expired'],
  }),
  consent: define({
    method: 'POST',
    path: '/api/account/interaction/:uid/consent',
    summary: "The signed-in user's answer on the consent screen; only from the browser of that session",
    auth: 'public',
    input: interactionInput.extend(consentInput.shape),
    output: redirectAnswerSchema,
    errors: ['login_session_expired', 'forbidden'],
  }),
  abort: define({
    method: 'POST',
    path: '/api/account/interaction/:uid/abort',
    summary: 'Cancels the pending sign-in of this browser; the client receives access_denied',
    auth: 'public',
    input: interactionInput,
    output: redirectAnswerSchema,
    errors: ['login_session_expired'],
  }),
  captchaChallenge: define({
    method: 'GET',
    path: AUTH_PATHS.captchaChallenge,
    // The ALTCHA widget's challengeurl reads the bare challenge (components/Captcha.tsx).
    envelope: false,
    summary: 'A fresh ALTCHA proof-of-work challenge (404 unless CAPTCHA_PROVIDER=altcha)',
    auth: 'public',
    output: altchaChallengeSchema,
  }),
};
