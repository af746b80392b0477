import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';
import { LOCALES } from './locales.js';
import { OWN_CHECKOUT_PATH, PAYMENT_GATEWAYS } from './orders.js';

// GET /api/app-settings: what the web app needs before it renders (spec: App settings).
export const genderSchema = z.object({ id: z.number().int(), key: z.string() });
/** Names a menu item's icon may use for a shape the web app draws (web/src/components/Icon.tsx). */
const ICON_ALIASES: Readonly<Record<string, string>> = {
  email: 'mail',
  'map-pin': 'address',
  location: 'address',
  profile: 'users',
  globe: 'language',
  password: 'lock',
  token: 'key',
  security: 'shield',
  '2fa': 'shield',
  kyc: 'id',
  monitor: 'device',
  notification: 'bell',
  cart: 'order',
  star: 'point',
  delete: 'trash',
};

/** The shape an icon name draws: two names of one shape look the same to the person. */
export const iconShape = (name: string): string => ICON_ALIASES[name] ?? name;

export const menuItemSchema = z.object({
  key: z.string(), // message key of the label, e.g. menu_email
  path: z.string(), // route path without language prefix, e.g. /account/email
  icon: z.string(),
});
/** The external sign-in providers the spec names (Google, Facebook, Zalo). */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'zalo'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const isSocialProvider = (value: unknown): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);

export const appSettingsSchema = z.object({
  productName: z.string(),
  locales: z.array(z.enum(LOCALES)),
  configs: z.object({
    helpDomain: z.string(),
    publicDomain: z.string(),
    recaptchaSiteKey: z.string(),
    captchaProvider: z.enum(['altcha', 'recaptcha', 'none']),
    oidcAuthority: z.string(),
    oidcClientId: z.string(),
    maximumEmailOrPhone: z.number().int(),
    /**
     * Where stored files are served: public ones (avatars) under `<filesBaseUrl>/<name>`; private
     * ones (ID images, certificates) only by the signed URLs their endpoints answer.
     */
    filesBaseUrl: z.string().default(''),
    /** Parent origins allowed to embed the portal and receive its postMessage calls (EMBED_ORIGINS). */
    embedOrigins: z.array(z.string()).default([]),
    /**
     * The external sign-in buttons this server offers; the login page speaks of them (the in-app
     * browser warning, the sign-in trouble link) only when there is one.
     */
    socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)).default([]),
    /** Google Identity Services: the client id the button asks tokens for, and the script it loads. */
    googleClientId: z.string().default(''),
    googleScriptUrl: z.string().default(''),
    /** The Facebook JavaScript SDK: app id, Graph version, script. */
    facebookAppId: z.string().default(''),
    facebookSdkVersion: z.string().default(''),
    facebookSdkUrl: z.string().default(''),
    /** The real-time hub (spec §3 "Config": the real-time hub; contracts/src/approval.ts, ADR 006). */
    hubUrl: z.string().default('/api/hub'),
    /**
     * The payment site's checkout for an order, `{orderId}` standing for its id (spec §4: Pay opens
     * it): a path of Portico's own checkout, or an external site's address (PAYMENT_CHECKOUT_URL).
     */
    checkoutUrl: z.string().default(OWN_CHECKOUT_PATH),
    /** The payment gateways this server offers on its own checkout. */
    paymentGateways: z.array(z.enum(PAYMENT_GATEWAYS)).default([]),
  }),
  menu: z.array(menuItemSchema),
  genders: z.array(genderSchema),
  /** Server-held translations by language (merged over the bundled ones). */
  translations: z.record(z.string(), z.record(z.string(), z.string())),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;

const define = featureEndpoints('settings');

export const settingsEndpoints = {
  get: define({
    method: 'GET',
    path: '/api/app-settings',
    summary: 'What the web app needs before it renders: product name, languages, configuration, menu, genders',
    auth: 'public',
    output: appSettingsSchema,
  }),
};

// Gender ids as the spec's app-settings gender list carries them.
export const GENDERS = [
  { id: 1, key: 'gender_male' },
  { id: 2, key: 'gender_female' },
  { id: 3, key: 'gender_other' },
] as const;
