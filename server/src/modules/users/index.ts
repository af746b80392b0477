// Users and their contacts: the account row, the login-name lookup, the claims a token carries,
// the demo account.
export { accountClaims, userClaims } from './claims.js';
export { eraseAccount } from './erase.js';
export {
  type AccessTokenPayload,
  type Account,
  CONTACT_EMAIL,
  CONTACT_PHONE,
  type ConfirmedHolder,
  type Contact,
  findAccessTokenAccount,
  findAccount,
  findConfirmedHolder,
  findPrimaryContact,
  findUserById,
  findUserByLoginName,
  holdLiveUser,
  type InfoUpdate,
  insertRegisteredUser,
  isSuspended,
  lockUser,
  type NewUser,
  type PrimaryContact,
  securityContact,
  setSuspended,
  type User,
  updateUserInfo,
} from './queries.js';
export { seedDemoAccount } from './seed.js';
