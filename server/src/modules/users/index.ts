// Users and their contacts: the account row, the login-name lookup, the claims a token carries,
// the demo account.
export { userClaims } from './claims.js';
export {
  CONTACT_EMAIL,
  CONTACT_PHONE,
  type Contact,
  findPrimaryContact,
  findUserById,
  findUserByLoginName,
  type NewUser,
  type User,
} from './queries.js';
export { seedDemoAccount } from './seed.js';
