// A user's claims (recovery ways, links, profile facts) and their part of account deletion.
export { subscribeClaims } from './events.js';
export {
  deleteClaim,
  deleteClaimById,
  findClaimById,
  findUserByRecoveryClaim,
  listClaims,
  type UserClaimRow,
  upsertClaim,
} from './queries.js';
