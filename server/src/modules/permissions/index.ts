import type { AppDeps } from '../../deps.js';
import { deleteMembershipsOf } from './queries.js';

// Permissions, groups and modules (issue 30 point 5): the store the back office's list and tree
// calls read (features/permissions), and what the product API's door asks of a caller's groups
// (features/auth/product.ts).
export {
  addMember,
  deleteGroup,
  findGroupId,
  groupsOf,
  listGroups,
  listModules,
  listPermissions,
  type MemberKind,
  permissionsOf,
  putGroup,
  removeMember,
} from './queries.js';

/** Account deleted: its group memberships go with it, in the same transaction. */
export function subscribePermissions({ events }: Pick<AppDeps, 'events'>) {
  events.subscribe('user.deleted', ({ tx, userId }) => deleteMembershipsOf(tx, userId));
}
