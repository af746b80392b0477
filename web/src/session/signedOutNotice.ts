import { tabStorage } from '../lib/tabStorage';

// "You have signed out" (issue 34 point 8): the sign-out leaves for the provider and comes back
// to the home page, which sends a signed-out person on to the login page; this tab's marker lets
// that page say it. Read once.

const KEY = 'portico.signedOut';

const tab = tabStorage;

export const markSignedOut = (): void => tab()?.setItem(KEY, '1');

/** True once after a sign-out from this tab; the marker is gone after. */
export const takeSignedOut = (): boolean => {
  const store = tab();
  if (!store?.getItem(KEY)) return false;
  store.removeItem(KEY);
  return true;
};
