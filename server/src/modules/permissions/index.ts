import { type AdminPermission, isAdminPermission, isPermission, type PermissionId } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { deleteMembershipsOf, groupsOf, permissionsOf } from './queries.js';

// Permissions, groups and modules (issue 30 point 5): the store the back office's list and tree
// calls read (features/permissions), and what the product API's door asks of a caller's groups
// (features/auth/product.ts).
export {
  addMember,
  deleteClientMemberships,
  deleteGroup,
  findGroupId,
  groupHoldsAny,
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
  // A data archive: the groups the person is a member of.
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({ name: 'groups', tables: ['group_members'], data: await groupsOf(tx, 'user', userId) }),
  );
}

/** The admin console's permissions a person's groups hold (server/src/features/auth/admin.ts, the console's gate). */
export async function adminPermissionsOf(db: Db, userId: string): Promise<AdminPermission[]> {
  return (await permissionsOf(db, 'user', userId)).filter(isAdminPermission);
}

/** Every permission a person's groups hold (the console's tabs: its own and the back office's, such as kyc:review). */
export async function heldPermissionsOf(db: Db, userId: string): Promise<PermissionId[]> {
  return (await permissionsOf(db, 'user', userId)).filter(isPermission);
}
