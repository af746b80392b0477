import { tabStorage } from '../lib/tabStorage';

// "You have signed out" (issue 34 point 8): the sign-out leaves for the provider and comes back
// to the home page, which sends a signed-out person on to the login page; this tab's marker lets
// that page say it. Read once.

const KEY = 'portico.signedOut';

const tab = tabStorage;

// What this document took: a render React discards (a lazy part still loading on a slow machine)
// runs the login page's state initialiser again, and must get the same answer.
let taken: boolean | undefined;

export const markSignedOut = (): void => {
  taken = undefined;
  tab()?.setItem(KEY, '1');
};

/** True after a sign-out from this tab, for the page it came back to; the marker is gone after. */
export const takeSignedOut = (): boolean => {
  if (taken !== undefined) return taken;
  const store = tab();
  taken = Boolean(store?.getItem(KEY));
  if (taken) store?.removeItem(KEY);
  return taken;
};
