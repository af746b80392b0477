import path from 'node:path';
import { z } from 'zod';

// Every option Portico reads from the environment, with its default and why.
// docs/configuration.md mirrors this file; keep both in step.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list of origins (scheme://host[:port]), each checked, without trailing slashes. */
const originList = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const origins = v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    for (const o of origins) {
      const url = URL.canParse(o) ? new URL(o) : undefined;
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, ''))
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${o}` });
    }
    return origins.map((o) => o.replace(/\/$/, ''));
  });

export const envSchema = z.object({
  /** development, production or test. Production refuses generated secrets and hides the outbox. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port of the HTTP server. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Trust X-Forwarded-For / -Proto from a proxy in front (true behind a load balancer). Off, a client could pick its own IP and dodge per-IP limits. */
  TRUST_PROXY: bool.default(false),
  /**
   * Public base URL as browsers see it; the OIDC issuer is PUBLIC_URL + /oidc. Default http://localhost:PORT.
   * Also the passkeys' relying party: its host name is the RP id, so a new host name leaves existing passkeys unusable.
   */
  PUBLIC_URL: z.url().optional(),
  /** Folder for the embedded database, generated secrets and (without S3_BUCKET) the files. */
  DATA_DIR: z.string().default('./data'),
  /**
   * An S3-compatible store for the files (avatars, ID images, certificates) instead of DATA_DIR:
   * set the bucket (and the endpoint for anything but AWS), so several copies share the files.
   */
  S3_BUCKET: z.string().max(255).optional(),
  /** The store's URL (MinIO, R2, a local fake...); unset for AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Access key; unset, the SDK's default chain (environment, instance role) is asked. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (most S3-compatible stores) rather than in the host name. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** postgres://... switches from embedded PGlite to PostgreSQL (same migrations). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Connections each copy's pool may open to PostgreSQL (plus one that listens for changes). With
   * many copies, keep copies × (this + 1) under the server's max_connections (docs/scaling.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** redis://... moves rate limits and short-lived caches (and, once built, the hub's pub/sub) to Redis. Without it they are in-process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().max(100).default('portico:'),
  /** smtp(s)://user:pass@host:port sends mail through SMTP; without it mail goes to the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** From address of outgoing mail. */
  MAIL_FROM: z.string().default('Portico <no-reply@portico.local>'),
  /** HTTP endpoint of an SMS provider (POST JSON {to, text}); without it SMS goes to the local outbox. */
  SMS_URL: z.url().optional(),
  /** Create the demo account (demo@example.com / Portico@2026) on a new database. Default: on, except in production, where only SEED_DEMO=true turns it on. */
  SEED_DEMO: bool.optional(),
  /**
   * Guardian consent (issue 32 point 4; docs/children.md): an account whose birth date makes its
   * owner younger than this waits for a parent's or guardian's consent (Decree 13/2023 Art. 20:
   * 16). 0 turns the rule off.
   */
  GUARDIAN_CONSENT_AGE: z.coerce.number().int().min(0).max(21).default(16),
  /** From this age the child's own agreement is asked too (Decree 13/2023 Art. 20: 7); below GUARDIAN_CONSENT_AGE. */
  CHILD_CONSENT_AGE: z.coerce.number().int().min(0).max(21).default(7),
  /**
   * A child's account nobody consented for is erased this many days after its wait started (when
   * housekeeping first saw it waiting, its last change, or the guardian last named, the latest). 0: never.
   */
  GUARDIAN_WAIT_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** The text the guardian (and the child) agree to, in Vietnamese; {{product}} is the product's name. Empty: Portico's own (docs/children.md). */
  GUARDIAN_CONSENT_TEXT_VI: z.string().max(5000).default(''),
  /** The same text in English. Empty: Portico's own. */
  GUARDIAN_CONSENT_TEXT_EN: z.string().max(5000).default(''),
  /** Loyalty points (issue 30): the /point page joins the account menu. The products' points API works either way. */
  POINTS_ENABLED: bool.default(false),
  /** Orders (issue 30): the /order page joins the account menu. The products' orders API works either way. */
  ORDERS_ENABLED: bool.default(false),
  /** The payment site's checkout for an order, with {orderId} where its id goes; default Portico's own /order/checkout/{orderId}. */
  PAYMENT_CHECKOUT_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && v.includes('{orderId}'), 'an http(s) URL with {orderId}')
    .optional(),
  /** VNPay (payment API 2.1.0): the terminal code and hash secret (HMAC-SHA512); without them VNPay is not offered. */
  VNPAY_TMN_CODE: z.string().default(''),
  VNPAY_HASH_SECRET: z.string().default(''),
  /** VNPay's payment page the signed URL points at. */
  VNPAY_PAY_URL: z.url().default('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html'),
  /** ZaloPay (API v2): app id, key1 (signs the order), key2 (checks its callbacks); without them ZaloPay is not offered. */
  ZALOPAY_APP_ID: z.string().regex(/^\d*$/).default(''),
  ZALOPAY_KEY1: z.string().default(''),
  ZALOPAY_KEY2: z.string().default(''),
  /** ZaloPay's API base (its /v2/create is called). */
  ZALOPAY_BASE_URL: z.url().default('https://sb-openapi.zalopay.vn'),
  /** MoMo (AIO v2): partner code, access key and secret key (HMAC-SHA256); without them MoMo is not offered. */
  MOMO_PARTNER_CODE: z.string().default(''),
  MOMO_ACCESS_KEY: z.string().default(''),
  MOMO_SECRET_KEY: z.string().default(''),
  /** MoMo's API base (its /v2/gateway/api/create is called). */
  MOMO_BASE_URL: z.url().default('https://test-payment.momo.vn'),
  /** A bearer token (16+ characters) that /metrics asks for; without it (and without METRICS_PORT) there is no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A port of its own serving only /metrics (no token asked), e.g. for a scraper inside the cluster. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Calls a product's client may make to the product API in a minute; past it, 429 with Retry-After. */
  PRODUCT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Allow the local outbox (and /dev/mailbox, which shows codes) in production, where SMTP_URL and SMS_URL are otherwise required. Never logs codes in production. */
  DEV_OUTBOX: bool.default(false),
  /** Origins (comma-separated, e.g. https://app.example.com) that may embed the portal in an iframe and receive its postMessage calls. The portal's own origin always may. */
  EMBED_ORIGINS: originList,
  /**
   * Origins (comma-separated) the web app may show images from besides itself, data: and blob:
   * (campaign banners on a CDN, say). Empty: none (the CSP's img-src).
   */
  IMAGE_ORIGINS: originList,
  /**
   * Seconds a copy told to stop by SIGTERM keeps serving while `/readyz` answers 503, so the balancer
   * stops sending before the port closes (a rolling restart; docs/scaling.md). SIGINT skips it.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Seconds a stopping server (SIGTERM, SIGINT) lets requests in flight, and then the work they handed over (mails, archives, erasures), finish before it closes them and exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Product name shown in titles and mail. */
  PRODUCT_NAME: z.string().default('Portico'),
  /** JSON file with an array of oidc-provider client metadata, registered beside the portal client. */
  OIDC_CLIENTS_FILE: z.string().optional(),
  /** Comma-separated cookie signing keys, newest first. Required in production. */
  COOKIE_KEYS: z.string().optional(),
  /** 32-byte key (base64) encrypting TOTP secrets at rest. Required in production. */
  ENCRYPTION_KEY: z.string().optional(),
  /** JSON Web Key Set (private keys) signing tokens, as JSON text. Required in production. */
  JWKS: z.string().optional(),
  /** Help site linked from the account home. */
  HELP_DOMAIN: z.string().default('https://help.example.com'),
  /** Public site linked from the account home ("about"). */
  PUBLIC_DOMAIN: z.string().default('https://example.com'),
  /** captcha provider: altcha (self-hosted proof of work), recaptcha, none. */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
  /** reCAPTCHA site key (public), used when CAPTCHA_PROVIDER=recaptcha. */
  RECAPTCHA_SITE_KEY: z.string().default(''),
  /** reCAPTCHA secret key, used when CAPTCHA_PROVIDER=recaptcha. */
  RECAPTCHA_SECRET: z.string().default(''),
  /** Google sign-in: the OAuth client id Google ID tokens must be issued to (their audience); empty: off (no button). */
  GOOGLE_CLIENT_ID: z.string().default(''),
  /** The issuer Google's ID tokens must name (a test points it at a local fake). */
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Google's published key set the ID tokens are checked against (cached; refetched on an unknown key id). */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** The Google Identity Services script the login page loads for the button (a test serves its own). */
  GOOGLE_SCRIPT_URL: z.string().url().default('https://accounts.google.com/gsi/client'),
  /** Facebook sign-in: the app id of the JavaScript SDK and of debug_token; empty: off (no button). */
  FACEBOOK_APP_ID: z.string().default(''),
  /** The Facebook app's secret: the server checks access tokens with `FACEBOOK_APP_ID|FACEBOOK_APP_SECRET`. */
  FACEBOOK_APP_SECRET: z.string().default(''),
  /** The Graph API version the SDK and the server's calls use. */
  FACEBOOK_SDK_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  /** The Facebook JavaScript SDK the login page loads (a test serves its own). */
  FACEBOOK_SDK_URL: z.string().url().default('https://connect.facebook.net/en_US/sdk.js'),
  /** The Graph API the server checks Facebook access tokens against (a test points it at a local fake). */
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** Zalo sign-in (OAuth 2.0 code with PKCE): the app id; empty: off (no button). */
  ZALO_APP_ID: z.string().default(''),
  /** The Zalo app's secret key, sent to Zalo's token endpoint. */
  ZALO_APP_SECRET: z.string().default(''),
  /** Zalo's OAuth server (v4 permission and access-token endpoints). */
  ZALO_OAUTH_URL: z.string().url().default('https://oauth.zaloapp.com'),
  /** Zalo's Graph API (`/v2.0/me`). */
  ZALO_GRAPH_URL: z.string().url().default('https://graph.zalo.me'),
  /** New accounts an IP may create through an external provider per hour (sign-up spam). */
  EXTERNAL_SIGN_UPS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** ALTCHA proof-of-work difficulty: the largest number a browser may have to try. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /** Seconds an ALTCHA challenge stays solvable; a solved one is accepted once within that time. */
  ALTCHA_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** Consecutive failed sign-ins (per account name, and per IP) after which the captcha is required. */
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seconds a run of consecutive failed sign-ins is remembered (a success clears it earlier). */
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Failed sign-ins for one account within LOGIN_LOCK_WINDOW_SECONDS that lock it until the window ends. */
  LOGIN_LOCK_FAILURES: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Length in seconds of the account-lock counting window. */
  LOGIN_LOCK_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Wrong second factors (authenticator, e-mail or recovery code, passkey; at sign-in and in the step-up) for one account within LOGIN_SECOND_STEP_WINDOW_SECONDS that close its second step. */
  LOGIN_SECOND_STEP_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  /** Length in seconds of the second-step counting window; only a completed second step or a new password clears it earlier. */
  LOGIN_SECOND_STEP_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Seconds the second step stays closed (and the account's sign-ins answer account_locked) once LOGIN_SECOND_STEP_FAILURES is reached. */
  LOGIN_SECOND_STEP_BLOCK_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  /** Seconds a step-up proof of the account pages (password, then the second factor while two-step is on) holds for the sign-in it was given in. */
  STEP_UP_PROOF_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Seconds a one-time code stays valid. */
  OTP_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** Wrong tries after which a one-time code is void. */
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wrong codes for one account (or address) and purpose within OTP_WRONG_CODES_WINDOW_SECONDS, across resends; then every try answers otp_too_many_attempts. */
  OTP_WRONG_CODES_PER_WINDOW: z.coerce.number().int().min(1).max(1000).default(10),
  /** Length in seconds of that window; a right code clears the count. */
  OTP_WRONG_CODES_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Seconds before a new code may be sent to the same address for the same purpose. */
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Codes sent to one e-mail or phone within OTP_TARGET_WINDOW_SECONDS. */
  OTP_SENDS_PER_TARGET: z.coerce.number().int().min(1).max(1000).default(5),
  /** Codes sent to one e-mail or phone within OTP_TARGET_WINDOW_SECONDS whoever asks (OTP_SENDS_PER_TARGET holds per asker). */
  OTP_SENDS_PER_TARGET_MAX: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Length in seconds of the per-address send window. */
  OTP_TARGET_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  /** Codes one IP address may request within OTP_IP_WINDOW_SECONDS before a captcha is required. */
  OTP_SENDS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Codes one IP address may request within OTP_IP_WINDOW_SECONDS at most, captcha or not. */
  OTP_SENDS_PER_IP_MAX: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Length in seconds of the per-IP send window. */
  OTP_IP_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Times register step 1 may answer email_already / account_is_delete to one IP within OTP_IP_WINDOW_SECONDS. */
  REGISTER_TAKEN_ANSWERS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Most e-mails or phones one user may hold of each type (MaximumEmailOrPhone). */
  MAXIMUM_EMAIL_OR_PHONE: z.coerce.number().int().min(1).max(20).default(3),
  /** Largest accepted avatar upload, in bytes (images are checked by content: gif, jpeg, png). */
  AVATAR_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(2_097_152),
  /** Avatar uploads one account may make within an hour; then 429 too_many_requests. */
  AVATAR_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Seconds the registration token (answered once the e-mail code is verified) stays usable for the details step. */
  REGISTRATION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** Seconds the forgot-password reset token (answered once the code is verified) stays usable. */
  PASSWORD_RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
  publicUrl: string;
  issuer: string;
  dataDir: string;
  production: boolean;
  outboxEnabled: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  // A child's own agreement from an age at which nobody is a child any more would never be asked.
  if (env.GUARDIAN_CONSENT_AGE > 0 && env.CHILD_CONSENT_AGE >= env.GUARDIAN_CONSENT_AGE)
    throw new ConfigError('Invalid configuration:\n  CHILD_CONSENT_AGE: must be below GUARDIAN_CONSENT_AGE');
  const production = env.NODE_ENV === 'production';
  // Production sends real mail and SMS unless the outbox is allowed by name.
  if (production && !env.DEV_OUTBOX) {
    const missing = (['SMTP_URL', 'SMS_URL'] as const).filter((name) => !env[name]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((n) => `  ${n}: required when NODE_ENV=production (or set DEV_OUTBOX=true)`).join('\n')}`,
      );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    publicUrl,
    issuer: `${publicUrl}/oidc`,
    dataDir: path.resolve(env.DATA_DIR),
    SEED_DEMO: env.SEED_DEMO ?? !production,
    production,
    outboxEnabled: !env.SMTP_URL || !env.SMS_URL,
  };
}
