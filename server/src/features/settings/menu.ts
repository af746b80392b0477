import type { MenuItem } from '@portico/contracts';
import type { Config } from '../../config/env.js';

/**
 * The account menu, in display order. A page joins the menu when it is built, so the menu never
 * links to a page that does not exist yet.
 */
export const ACCOUNT_MENU: MenuItem[] = [
  { key: 'menu_email', path: '/account/email', icon: 'mail' },
  { key: 'menu_phone', path: '/account/phone', icon: 'phone' },
  { key: 'menu_info', path: '/account/info', icon: 'user' },
  { key: 'menu_address', path: '/account/address', icon: 'address' },
  { key: 'menu_profile', path: '/account/profile', icon: 'profile' },
  { key: 'menu_language', path: '/account/language', icon: 'language' },
  { key: 'menu_notification', path: '/notification', icon: 'notification' },
  { key: 'menu_password', path: '/security/change-password', icon: 'password' },
  { key: 'menu_2fa', path: '/security/2fa', icon: '2fa' },
  { key: 'menu_passkeys', path: '/security/passkeys', icon: 'passkey' },
  { key: 'menu_app_code', path: '/security/app-code', icon: 'hash' },
  { key: 'menu_device', path: '/security/device', icon: 'device' },
  { key: 'menu_apps', path: '/security/apps', icon: 'apps' },
  { key: 'menu_recovery_ways', path: '/security/recovery-ways', icon: 'lifebuoy' },
  { key: 'menu_kyc', path: '/security/kyc', icon: 'kyc' },
  { key: 'menu_activity', path: '/security/activity', icon: 'activity' },
  { key: 'menu_order', path: '/order', icon: 'order' },
  { key: 'menu_point', path: '/point', icon: 'point' },
  { key: 'menu_data', path: '/security/data', icon: 'download' },
  { key: 'menu_delete', path: '/security/delete', icon: 'trash' },
  { key: 'menu_token', path: '/account/token', icon: 'token' },
  { key: 'menu_logout', path: '/account/logout', icon: 'logout' },
];

/** The pages a platform has only when it says so (issue 30 point 6): orders and points. */
export const accountMenu = (config: Pick<Config, 'POINTS_ENABLED' | 'ORDERS_ENABLED'>): MenuItem[] =>
  ACCOUNT_MENU.filter(
    (item) => (item.path !== '/point' || config.POINTS_ENABLED) && (item.path !== '/order' || config.ORDERS_ENABLED),
  );
