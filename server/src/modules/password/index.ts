// Passwords as a module: the server's password rule, setting a password, ending the sessions a
// new password ends, and the password activity names. The change-password API is
// server/src/features/password; register and forgot-password set passwords too.
export { PASSWORD_ACTIVITY } from './activity.js';
export { subscribePassword } from './events.js';
export { setFirstPassword } from './first.js';
export {
  COMMON_PASSWORD_COUNT,
  isAcceptablePassword,
  isCommonPassword,
  refusingCommonPasswords,
} from './policy.js';
export { findConfirmedPrimaryContact, setFirstPasswordHash, setPasswordHash } from './queries.js';
export { replacePassword } from './replace.js';
export { type CurrentSession, endSessions } from './sessions.js';
