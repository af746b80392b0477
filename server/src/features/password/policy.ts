import { isValidPassword, type PasswordAcceptance } from '@portico/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

// @zxcvbn-ts/language-common (MIT, maintained) ships a frequency-ranked list of leaked passwords,
// lower case; its first 10,000 entries are the 10,000 most common ones.
const commonPasswords = (): Set<string> =>
  (common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)));

/**
 * True for one of the 10,000 most common passwords, compared without case, also once the special
 * characters are taken out: the password rule makes people decorate a common word ("Password1!"),
 * and that is no harder to guess than the word.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(lower.replace(/[!@#$%^&*]/g, ''));
}

/** The server's extra password rule for the shared schemas: refuse common passwords (error_password_invalid). */
export const acceptPassword: PasswordAcceptance = (password) => !isCommonPassword(password);

/** The whole server-side password rule. */
export const isAcceptablePassword = (password: string): boolean =>
  isValidPassword(password) && acceptPassword(password);
