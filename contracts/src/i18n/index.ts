import type { Locale } from '../locales.js';
import { accountMessages } from './catalog/account.js';
import { activityMessages } from './catalog/activity.js';
import { adminMessages } from './catalog/admin.js';
import { approvalMessages } from './catalog/approval.js';
import { commonMessages } from './catalog/common.js';
import { connectedAppsMessages } from './catalog/connected-apps.js';
import { contactsMessages } from './catalog/contacts.js';
import { dataExportMessages } from './catalog/data-export.js';
import { deleteAccountMessages } from './catalog/delete-account.js';
import { devicesMessages } from './catalog/devices.js';
import { exportFieldMessages } from './catalog/export-fields.js';
import { externalLoginMessages } from './catalog/external-login.js';
import { guardianMessages } from './catalog/guardian.js';
import { kycMessages } from './catalog/kyc.js';
import { lookupsMessages } from './catalog/lookups.js';
import { notificationMessages } from './catalog/notification.js';
import { ordersMessages } from './catalog/orders.js';
import { passkeysMessages } from './catalog/passkeys.js';
import { passwordMessages } from './catalog/password.js';
import { permissionsMessages } from './catalog/permissions.js';
import { pointsMessages } from './catalog/points.js';
import { profileMessages } from './catalog/profile.js';
import { profilesMessages } from './catalog/profiles.js';
import { recoveryMessages } from './catalog/recovery.js';
import { registerMessages } from './catalog/register.js';
import { shellMessages } from './catalog/shell.js';
import { signInMessages } from './catalog/sign-in.js';
import { stepUpMessages } from './catalog/step-up.js';
import { tokenLoginMessages } from './catalog/token-login.js';
import { twoFactorMessages } from './catalog/two-factor.js';
import { undoChangeMessages } from './catalog/undo-change.js';
import { verificationMessages } from './catalog/verification.js';

/**
 * The interface messages, one file per feature namespace in ./catalog/ (both languages side by
 * side, see ./catalog/define.ts). A new feature adds its file here; the keys stay one flat set.
 */
export const catalogs = {
  shell: shellMessages,
  common: commonMessages,
  verification: verificationMessages,
  'sign-in': signInMessages,
  register: registerMessages,
  password: passwordMessages,
  'two-factor': twoFactorMessages,
  contacts: contactsMessages,
  profile: profileMessages,
  devices: devicesMessages,
  'connected-apps': connectedAppsMessages,
  passkeys: passkeysMessages,
  'data-export': dataExportMessages,
  'export-fields': exportFieldMessages,
  guardian: guardianMessages,
  recovery: recoveryMessages,
  activity: activityMessages,
  'delete-account': deleteAccountMessages,
  account: accountMessages,
  'token-login': tokenLoginMessages,
  'external-login': externalLoginMessages,
  approval: approvalMessages,
  'step-up': stepUpMessages,
  'undo-change': undoChangeMessages,
  notification: notificationMessages,
  lookups: lookupsMessages,
  kyc: kycMessages,
  profiles: profilesMessages,
  points: pointsMessages,
  orders: ordersMessages,
  permissions: permissionsMessages,
  admin: adminMessages,
};

/** vi-VN, the source catalogue: every feature's messages merged. */
export const viVN = {
  ...shellMessages.vi,
  ...commonMessages.vi,
  ...verificationMessages.vi,
  ...signInMessages.vi,
  ...registerMessages.vi,
  ...passwordMessages.vi,
  ...twoFactorMessages.vi,
  ...contactsMessages.vi,
  ...profileMessages.vi,
  ...devicesMessages.vi,
  ...connectedAppsMessages.vi,
  ...passkeysMessages.vi,
  ...dataExportMessages.vi,
  ...exportFieldMessages.vi,
  ...guardianMessages.vi,
  ...recoveryMessages.vi,
  ...activityMessages.vi,
  ...deleteAccountMessages.vi,
  ...accountMessages.vi,
  ...tokenLoginMessages.vi,
  ...externalLoginMessages.vi,
  ...approvalMessages.vi,
  ...stepUpMessages.vi,
  ...undoChangeMessages.vi,
  ...notificationMessages.vi,
  ...lookupsMessages.vi,
  ...kycMessages.vi,
  ...profilesMessages.vi,
  ...pointsMessages.vi,
  ...ordersMessages.vi,
  ...permissionsMessages.vi,
  ...adminMessages.vi,
};

/** A key of the interface message catalogs (vi-VN is the source). */
export type MessageKey = keyof typeof viVN;
export type Messages = Record<MessageKey, string>;

const english = (): Messages => {
  const all: Partial<Messages> = {};
  for (const catalog of Object.values(catalogs)) Object.assign(all, catalog.en);
  return all as Messages;
};

/** en-US: the same keys (each feature file's `en` is typed against its `vi`). */
export const enUS: Messages = english();

/** The interface messages of every supported locale, same keys. */
export const messages: Record<Locale, Messages> = { 'vi-VN': viVN, 'en-US': enUS };

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(viVN, key);
