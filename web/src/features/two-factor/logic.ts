import type { MessageKey } from '@portico/contracts';

/** The wizard's steps in order (spec account §4 Two-factor): back goes one step down, never below the first. */
export const WIZARD_STEPS = ['download', 'password', 'scan', 'code'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_TITLE: Record<WizardStep, MessageKey> = {
  download: 'two_factor_step_download',
  password: 'two_factor_step_password',
  scan: 'two_factor_step_scan',
  code: 'two_factor_step_code',
};

/** The step before, or the first step itself. */
export const previousStep = (step: WizardStep): WizardStep =>
  WIZARD_STEPS[Math.max(0, WIZARD_STEPS.indexOf(step) - 1)] ?? 'download';

/** Common authenticator apps and their store pages (any RFC 6238 app works). */
export const AUTHENTICATOR_APPS: readonly { name: MessageKey; appStore: string; googlePlay: string }[] = [
  {
    name: 'two_factor_app_google',
    appStore: 'https://apps.apple.com/app/google-authenticator/id388497605',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
  },
  {
    name: 'two_factor_app_microsoft',
    appStore: 'https://apps.apple.com/app/microsoft-authenticator/id983156458',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.azure.authenticator',
  },
  {
    name: 'two_factor_app_authy',
    appStore: 'https://apps.apple.com/app/twilio-authy/id494168017',
    googlePlay: 'https://play.google.com/store/apps/details?id=com.authy.authy',
  },
];

/** The .txt file of the recovery codes: a heading line, then one code per line. */
export const recoveryCodesFile = (heading: string, codes: readonly string[]): string =>
  `${heading}\n\n${codes.join('\n')}\n`;

export const RECOVERY_CODES_FILE_NAME = 'recovery-codes.txt';
