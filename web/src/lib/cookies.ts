// Small cookie helpers for the sign-up flows' "in progress" markers (spec §3: the forgot-password
// username and the in-progress registration e-mail are kept in cookies).

/** The register page's in-progress e-mail. */
export const REGISTER_COOKIE = 'portico_register_username';
/** The forgot-password page's stored username. */
export const FORGOT_PASSWORD_COOKIE = 'portico_forgot_username';

/** Lives as long as a code can still be used (the server's code lifetime is at most an hour). */
const MAX_AGE_SECONDS = 60 * 60;

export const readCookie = (name: string, doc: Document = document): string | null => {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
};

export const writeCookie = (
  name: string,
  value: string,
  maxAgeSeconds = MAX_AGE_SECONDS,
  doc: Document = document,
): void => {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};

export const deleteCookie = (name: string, doc: Document = document): void => {
  doc.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
};
