import { LANGUAGE_STORAGE_KEY } from '../i18n/locale';

/** Spec: logout clears local storage. The language choice is a preference, not sign-in data. */
export const clearSignInStorage = (storage: Storage | undefined = globalThis.localStorage): void => {
  if (!storage) return;
  try {
    const language = storage.getItem(LANGUAGE_STORAGE_KEY);
    storage.clear();
    if (language) storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode, sandboxed frame)
  }
};

/** A post-logout address from the query, accepted only on this origin. */
export const sameOriginTarget = (raw: string | null, origin: string): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
};
