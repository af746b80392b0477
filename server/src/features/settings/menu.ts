import type { MenuItem } from '@portico/contracts';

/**
 * The account menu, in display order. A page joins the menu when it is built, so the menu never
 * links to a page that does not exist yet.
 */
export const ACCOUNT_MENU: MenuItem[] = [
  { key: 'menu_password', path: '/security/change-password', icon: 'password' },
  { key: 'menu_token', path: '/account/token', icon: 'token' },
  { key: 'menu_logout', path: '/account/logout', icon: 'logout' },
];
