import { type AppSettings, GENDERS, LOCALES, OWN_CHECKOUT_PATH } from '@portico/contracts';

/** Built-in settings, used when GET /api/app-settings fails (the app still renders). */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  productName: 'Portico',
  locales: [...LOCALES],
  configs: {
    helpDomain: '',
    publicDomain: '',
    recaptchaSiteKey: '',
    captchaProvider: 'altcha',
    oidcAuthority: '/oidc',
    oidcClientId: '',
    maximumEmailOrPhone: 3,
    filesBaseUrl: '/uploads',
    embedOrigins: [],
    socialProviders: [],
    googleClientId: '',
    googleScriptUrl: '',
    facebookAppId: '',
    facebookSdkVersion: '',
    facebookSdkUrl: '',
    hubUrl: '/api/hub',
    checkoutUrl: OWN_CHECKOUT_PATH,
    paymentGateways: [],
  },
  menu: [],
  genders: GENDERS.map((g) => ({ ...g })),
  translations: {},
};
