import {
  commonPasswordSet,
  type Endpoint,
  isValidPassword,
  isCommonPassword as onList,
  type PasswordAcceptance,
} from '@portico/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

export { COMMON_PASSWORD_COUNT } from '@portico/contracts';

let common: ReadonlySet<string> | undefined;

// @zxcvbn-ts/language-common (MIT, maintained) ships a frequency-ranked list of leaked passwords,
// lower case; its first 10,000 entries are the 10,000 most common ones.
const commonPasswords = (): ReadonlySet<string> => (common ??= commonPasswordSet(dictionary['passwords-common']));

/** True for one of the 10,000 most common passwords (the comparison: contracts' isCommonPassword). */
export const isCommonPassword = (password: string): boolean => onList(password, commonPasswords());

/** The server's extra password rule for the shared schemas: refuse common passwords (error_password_common). */
export const acceptPassword: PasswordAcceptance = (password) => !isCommonPassword(password);

/** The whole server-side password rule. */
export const isAcceptablePassword = (password: string): boolean =>
  isValidPassword(password) && acceptPassword(password);

/**
 * The endpoint with the server's stricter input schema: the contract's schema builder given the
 * common-password rule. The contract keeps the browser's rules (the list is too large to ship in
 * every schema); the answers then say error_password_common together with the other field errors.
 */
export const refusingCommonPasswords = <E extends Endpoint>(
  endpoint: E,
  schema: (opts: { accept: PasswordAcceptance }) => E['input'],
): E => ({ ...endpoint, input: schema({ accept: acceptPassword }) });
