import {
  type Locale,
  type MemberKind,
  type ModuleNode,
  type MyPermissions,
  messages,
  moduleNameKey,
  type PermissionGroup,
  type PermissionModuleRow,
  permissionNameKey,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import {
  addMember,
  deleteGroup,
  findGroupId,
  groupsOf,
  listGroups,
  listModules,
  listPermissions,
  permissionsOf,
  putGroup,
  removeMember,
} from '../../modules/permissions/index.js';
import { findUserById } from '../../modules/users/index.js';

/** A name from the catalogue in the reader's language; the id itself when the catalogue has none. */
const nameOf = (locale: Locale, key: string, id: string) => (messages[locale] as Record<string, string>)[key] ?? id;

/**
 * Permissions, groups and modules (issue 30 point 5): the list and tree calls a signed-in person
 * reads (what the back office is made of, what they may do in it), and the groups the back office
 * keeps (permissions:write). `clientExists` says whether a client id names a back-office client.
 */
export function createPermissionService(
  { database }: Pick<AppDeps, 'database'>,
  clientExists: (clientId: string) => Promise<boolean>,
) {
  const { db } = database;
  const groupNamed = async (code: string): Promise<PermissionGroup> => {
    const group = (await listGroups(db)).find((g) => g.code === code);
    if (!group) throw notFound();
    return group;
  };
  return {
    async modules(locale: Locale): Promise<PermissionModuleRow[]> {
      return (await listModules(db)).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        name: nameOf(locale, moduleNameKey(m.id), m.id),
      }));
    },

    async tree(locale: Locale): Promise<ModuleNode[]> {
      const [mods, perms] = await Promise.all([listModules(db), listPermissions(db)]);
      const node = (id: string): ModuleNode => ({
        id,
        name: nameOf(locale, moduleNameKey(id), id),
        permissions: perms
          .filter((p) => p.moduleId === id)
          .map((p) => ({ id: p.id, name: nameOf(locale, permissionNameKey(p.id), p.id) })),
        children: mods.filter((m) => m.parentId === id).map((m) => node(m.id)),
      });
      return mods.filter((m) => m.parentId === null).map((m) => node(m.id));
    },

    async mine(userId: string): Promise<MyPermissions> {
      const [permissions, groups] = await Promise.all([
        permissionsOf(db, 'user', userId),
        groupsOf(db, 'user', userId),
      ]);
      return { permissions, groups };
    },

    groups: () => listGroups(db),

    async put(code: string, name: string, permissions: string[]) {
      await db.transaction((tx) => putGroup(tx, code, name, [...new Set(permissions)]));
      return groupNamed(code);
    },

    async remove(code: string) {
      if (!(await deleteGroup(db, code)).length) throw notFound();
      return { ok: true as const };
    },

    async addMember(code: string, kind: MemberKind, id: string) {
      const exists = kind === 'user' ? !!(await findUserById(db, id)) : await clientExists(id);
      if (!exists || !(await db.transaction((tx) => addMember(tx, code, kind, id)))) throw notFound();
      return groupNamed(code);
    },

    async removeMember(code: string, kind: MemberKind, id: string) {
      const groupId = await findGroupId(db, code);
      if (!groupId) throw notFound();
      await removeMember(db, groupId, kind, id);
      return groupNamed(code);
    },
  };
}
