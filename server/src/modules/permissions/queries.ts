import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groupMembers, groupPermissions, modules, permissionGroups, permissions } from '../../db/schema.js';

export type MemberKind = 'user' | 'client';

/** The permissions a person or a client holds through its groups. */
export async function permissionsOf(db: Db, kind: MemberKind, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: groupPermissions.permissionId })
    .from(groupMembers)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, groupMembers.groupId))
    .where(and(eq(groupMembers.memberKind, kind), eq(groupMembers.memberId, memberId)))
    .orderBy(asc(groupPermissions.permissionId));
  return rows.map((r) => r.id);
}

/** The groups a person or a client is a member of. */
export const groupsOf = (db: Db, kind: MemberKind, memberId: string) =>
  db
    .select({ code: permissionGroups.code, name: permissionGroups.name })
    .from(groupMembers)
    .innerJoin(permissionGroups, eq(permissionGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberKind, kind), eq(groupMembers.memberId, memberId)))
    .orderBy(asc(permissionGroups.code));

export const listModules = (db: Db) => db.select().from(modules).orderBy(asc(modules.position), asc(modules.id));
export const listPermissions = (db: Db) => db.select().from(permissions).orderBy(asc(permissions.id));

/** Every group with its permissions and members. */
export async function listGroups(db: Db) {
  const [groups, held, members] = await Promise.all([
    db.select().from(permissionGroups).orderBy(asc(permissionGroups.code)),
    db.select().from(groupPermissions).orderBy(asc(groupPermissions.permissionId)),
    db.select().from(groupMembers).orderBy(asc(groupMembers.memberKind), asc(groupMembers.memberId)),
  ]);
  return groups.map((g) => ({
    code: g.code,
    name: g.name,
    permissions: held.filter((p) => p.groupId === g.id).map((p) => p.permissionId),
    members: members
      .filter((m) => m.groupId === g.id)
      .map((m) => ({ kind: m.memberKind as MemberKind, id: m.memberId })),
  }));
}

/** Creates the group or renames it, and makes its permissions exactly these. */
export async function putGroup(db: Db, code: string, name: string, permissionIds: string[]) {
  const [group] = await db
    .insert(permissionGroups)
    .values({ code, name })
    .onConflictDoUpdate({ target: permissionGroups.code, set: { name, updatedAt: sql`now()` } })
    .returning({ id: permissionGroups.id });
  const id = (group as { id: number }).id;
  await db.delete(groupPermissions).where(eq(groupPermissions.groupId, id));
  if (permissionIds.length)
    await db.insert(groupPermissions).values(permissionIds.map((permissionId) => ({ groupId: id, permissionId })));
  return id;
}

export async function findGroupId(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(eq(permissionGroups.code, code));
  return row?.id;
}

export const deleteGroup = (db: Db, code: string) =>
  db.delete(permissionGroups).where(eq(permissionGroups.code, code)).returning({ id: permissionGroups.id });

/**
 * Adds a member to the group of this code, the group's row locked (call it in a transaction): a
 * deletion of the group waits, or has already happened and nothing is added (false).
 */
export async function addMember(tx: Db, code: string, kind: MemberKind, memberId: string): Promise<boolean> {
  const [group] = await tx
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(eq(permissionGroups.code, code))
    .for('update');
  if (!group) return false;
  await tx.insert(groupMembers).values({ groupId: group.id, memberKind: kind, memberId }).onConflictDoNothing();
  return true;
}

export const removeMember = (db: Db, groupId: number, kind: MemberKind, memberId: string) =>
  db
    .delete(groupMembers)
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberKind, kind), eq(groupMembers.memberId, memberId)),
    );

/** A person's memberships end with the account (user.deleted). */
export async function deleteMembershipsOf(db: Db, userId: string) {
  await db.delete(groupMembers).where(and(eq(groupMembers.memberKind, 'user'), eq(groupMembers.memberId, userId)));
}

/** A client's memberships, removed with the client (the admin console): a new client of that id starts with none. */
export async function deleteClientMemberships(db: Db, clientId: string) {
  await db.delete(groupMembers).where(and(eq(groupMembers.memberKind, 'client'), eq(groupMembers.memberId, clientId)));
}

/** Whether the group of this code holds one of these permissions (the admin console's: such a group is the command line's). */
export async function groupHoldsAny(db: Db, code: string, permissionIds: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: groupPermissions.permissionId })
    .from(groupPermissions)
    .innerJoin(permissionGroups, eq(permissionGroups.id, groupPermissions.groupId))
    .where(and(eq(permissionGroups.code, code), inArray(groupPermissions.permissionId, [...permissionIds])))
    .limit(1);
  return row !== undefined;
}
