import { z } from 'zod';
import { loginAnswerSchema, returnUrlSchema, usernameSchema } from './auth.js';
import { doneSchema, featureEndpoints } from './endpoint.js';

// Sign-in approved by a device already signed in (issue 26; spec sign-in-and-session §2 steps 3
// and 4, §3 "QR code object", §4 "QR mode", §7 "GET QR code", "GET login by QR code", "GET two-factor
// prompt login", "POST request verify prompt", "A real-time hub connection", §9): the QR code a
// signed-in phone scans, the push approval (`prompt`) with number matching, the `app` code, and
// the hub that wakes the waiting page.

/** spec §3: the QR object's `time` is in minutes; the code lives 60 × time seconds (§9). */
export const QR_CODE_MINUTES = 2;
/** spec §9: the QR code is shown 250 px wide. */
export const QR_CODE_WIDTH = 250;
/** The portal page a QR code opens on a phone (its camera, or the app's scanner): `?code=`. */
export const QR_APPROVE_PAGE = '/account/qr';
/** How long a push request waits for its answer. */
export const PROMPT_SECONDS = 120;
/** At most this many push requests of one account wait at once, and this many an hour (push fatigue). */
export const PROMPTS_PENDING_MAX = 3;
export const PROMPTS_PER_HOUR = 10;
/** The `app` second factor: a 6-digit code a signed-in session shows, valid this long, once. */
export const APP_CODE_SECONDS = 30;

/**
 * What the hub says to a page (`/api/hub?userId=<key>`, server-sent events; ADR 006): the QR code
 * was scanned or approved, the push request was approved or refused, the key is no longer usable.
 * An account page's own key hears `promptAsked` (a new push request to answer) and `promptAnswered`
 * (one was answered, maybe on another device: the dialog goes).
 */
export const HUB_EVENTS = [
  'qrScanned',
  'qrLogin',
  'promptLogin',
  'promptDenied',
  'expired',
  'promptAsked',
  'promptAnswered',
] as const;
export type HubEventType = (typeof HUB_EVENTS)[number];
/** After these a QR code's or push request's key has nothing more to say: the stream ends. */
export const HUB_FINAL_EVENTS: ReadonlySet<HubEventType> = new Set([
  'qrLogin',
  'promptLogin',
  'promptDenied',
  'expired',
]);
export const hubEventSchema = z.object({
  type: z.enum(HUB_EVENTS),
  /**
   * Why a key ended: its time ran out, the device refused, a wrong number was picked (push), or
   * the code was used.
   */
  reason: z.enum(['timeout', 'denied', 'wrong', 'used']).optional(),
});
export type HubEvent = z.infer<typeof hubEventSchema>;

const returnUrl = returnUrlSchema;
/** A QR code or a hub key as the page holds it; anything else is an expired code. */
const key = z.string({ error: 'qr_code_expired' }).min(1, 'qr_code_expired').max(200, 'qr_code_expired');

/** spec §3 "QR code object": the image (a data: URL), the code (the hub key too) and its lifetime in minutes. */
export const qrCodeSchema = z.object({ image: z.string(), code: z.string(), time: z.number().int() });
export type QrCode = z.infer<typeof qrCodeSchema>;

/**
 * What asks to be signed in, as the approver sees it before answering (QR phishing: a code shown
 * by someone else's browser names that browser): the browser and system, the IP and region, when
 * it asked and what it signs in to.
 */
export const approvalRequestSchema = z.object({
  browser: z.string(),
  system: z.string(),
  deviceType: z.number().int(),
  ip: z.string(),
  region: z.string().nullable(),
  /** ISO time the request was made. */
  time: z.string(),
  /** The product (relying party) being signed in to. */
  clientName: z.string(),
  /** Seconds left to answer. */
  expirySecond: z.number().int(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** A push request waiting for this account's answer, with the three numbers to pick from. */
export const promptSchema = approvalRequestSchema.extend({ id: z.string(), numbers: z.array(z.number().int()) });
export type Prompt = z.infer<typeof promptSchema>;
export const promptsSchema = z.object({
  items: z.array(promptSchema),
  /** This page's own hub key: it hears `promptAsked` while the page is open. */
  hubKey: z.string(),
});
export type Prompts = z.infer<typeof promptsSchema>;

/** The answer on the phone: the number the login page shows, or a refusal. */
export const promptAnswerInput = z
  .object({
    id: z.string().min(1, 'prompt_expired').max(200, 'prompt_expired'),
    number: z.number().int().min(0).max(99).optional(),
    deny: z.boolean().optional(),
  })
  .refine((v) => v.deny === true || v.number !== undefined, { message: 'prompt_pick_number', path: ['number'] });

/** spec §7 "POST request verify prompt": `message` is the hub key; `number` the one the login page shows. */
export const verifyPromptAnswerSchema = z.object({
  message: z.string(),
  number: z.number().int(),
  expirySecond: z.number().int(),
});
export type VerifyPromptAnswer = z.infer<typeof verifyPromptAnswerSchema>;

export const appCodeSchema = z.object({ code: z.string(), expirySecond: z.number().int() });
export type AppCode = z.infer<typeof appCodeSchema>;

const define = featureEndpoints('approval');

export const approvalEndpoints = {
  hub: define({
    method: 'GET',
    path: '/api/hub',
    stream: true,
    summary:
      'The real-time hub: server-sent events for one key (a QR code, a push request, an account page); the current state first, then what happens',
    auth: 'public',
    input: z.object({ userId: key }),
    output: hubEventSchema,
    errors: ['qr_code_expired', 'too_many_requests'],
  }),
  qrCode: define({
    method: 'GET',
    path: '/api/account/qr-code',
    summary: "A QR code for this browser's pending sign-in, to be scanned by a signed-in phone",
    auth: 'public',
    input: z.object({ returnUrl }),
    output: qrCodeSchema,
    errors: ['login_session_expired', 'too_many_requests'],
  }),
  loginByQrCode: define({
    method: 'GET',
    path: '/api/account/login-by-qr-code',
    summary: 'Finishes the sign-in of the browser that showed an approved QR code (once)',
    auth: 'public',
    input: z.object({ key, returnUrl }),
    output: loginAnswerSchema,
    errors: ['qr_code_expired', 'login_session_expired', 'account_locked'],
  }),
  qrDetails: define({
    method: 'GET',
    path: '/api/account/qr-code/details',
    summary: 'What a scanned QR code would sign in: the browser, IP, region, time and product (the scanner only)',
    auth: 'user',
    input: z.object({ code: key }),
    output: approvalRequestSchema,
    errors: ['qr_code_expired'],
  }),
  qrApprove: define({
    method: 'POST',
    path: '/api/account/qr-code/approve',
    summary: "Approves or refuses a scanned QR code: the browser that shows it signs in to the scanner's account",
    auth: 'user',
    input: z.object({ code: key, approve: z.boolean() }),
    output: doneSchema,
    errors: ['qr_code_expired'],
  }),
  requestVerifyPrompt: define({
    method: 'POST',
    path: '/api/account/request-verify-prompt',
    summary:
      "Asks the account's signed-in devices to approve this browser's sign-in (number matching); the same answer for any name",
    auth: 'public',
    // The name typed at step 1; at step 3 (the `prompt` second step) the owed step names the account.
    input: z.object({ username: usernameSchema.optional(), returnUrl }),
    output: verifyPromptAnswerSchema,
    errors: ['login_session_expired', 'too_many_requests', 'error_username_empty'],
  }),
  promptLogin: define({
    method: 'GET',
    path: '/api/account/login/two-factor/prompt',
    summary: 'Finishes the sign-in (or its second step) of the browser whose push request was approved',
    auth: 'public',
    // rememberMachine: at step 3, whether this browser skips the second step next time (default on, spec §9).
    input: z.object({
      userName: z.string().max(320).optional(),
      returnUrl,
      rememberMachine: z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    }),
    output: loginAnswerSchema,
    errors: ['prompt_expired', 'prompt_waiting', 'login_session_expired', 'login_two_factor_expired', 'account_locked'],
  }),
  prompts: define({
    method: 'GET',
    path: '/api/account/prompts',
    summary: "The push requests waiting for this account's answer, each with three numbers to pick from",
    auth: 'user',
    output: promptsSchema,
  }),
  answerPrompt: define({
    method: 'POST',
    path: '/api/account/prompts/:id/answer',
    summary:
      'Answers a push request: the number the login page shows approves it; a wrong number or a refusal voids it',
    auth: 'user',
    input: promptAnswerInput,
    output: z.object({ approved: z.boolean() }),
    errors: ['prompt_expired', 'prompt_wrong_number', 'prompt_pick_number'],
  }),
  appCode: define({
    method: 'GET',
    path: '/api/account/app-code',
    summary: "A 6-digit code for the account's sign-in on another browser (the `app` second step), valid 30 s, once",
    auth: 'user',
    output: appCodeSchema,
    errors: ['too_many_requests'],
  }),
};
