import {
  ADMIN_PERMISSIONS,
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
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { recordBackOfficeAudit } from '../../modules/audit/index.js';
import {
  addMember,
  deleteGroup,
  findGroupId,
  groupHoldsAny,
  groupsOf,
  listGroups,
  listModules,
  listPermissions,
  permissionsOf,
  putGroup,
  removeMember,
} from '../../modules/permissions/index.js';
import { findUserById } from '../../modules/users/index.js';

/** Who changes a group (the product API's caller) and from where: each change is audited (server/src/modules/audit). */
type AuditedBy = { clientId: string; userId?: string; caller: Pick<CallerContext, 'ip' | 'userAgent'> };

/** A group holding an admin console permission is the command line's to change (403 admin_group_protected). */
const refuseAdminGroup = async (tx: Db, code: string) => {
  if (await groupHoldsAny(tx, code, ADMIN_PERMISSIONS)) throw forbidden('admin_group_protected');
};

const audit = (tx: Db, by: AuditedBy, action: string, code: string, detail: Record<string, unknown> = {}) =>
  recordBackOfficeAudit(tx, by, by.caller, { action, targetKind: 'group', targetId: code, detail });

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

    async put(by: AuditedBy, code: string, name: string, permissions: string[]) {
      const held = [...new Set(permissions)];
      await db.transaction(async (tx) => {
        await refuseAdminGroup(tx, code);
        await putGroup(tx, code, name, held);
        await audit(tx, by, 'group_put', code, { name, permissions: held });
      });
      return groupNamed(code);
    },

    async remove(by: AuditedBy, code: string) {
      await db.transaction(async (tx) => {
        await refuseAdminGroup(tx, code);
        if (!(await deleteGroup(tx, code)).length) throw notFound();
        await audit(tx, by, 'group_delete', code);
      });
      return { ok: true as const };
    },

    async addMember(by: AuditedBy, code: string, kind: MemberKind, id: string) {
      const exists = kind === 'user' ? !!(await findUserById(db, id)) : await clientExists(id);
      if (!exists) throw notFound();
      await db.transaction(async (tx) => {
        await refuseAdminGroup(tx, code);
        if (!(await addMember(tx, code, kind, id))) throw notFound();
        await audit(tx, by, 'group_member_add', code, { kind, id });
      });
      return groupNamed(code);
    },

    async removeMember(by: AuditedBy, code: string, kind: MemberKind, id: string) {
      await db.transaction(async (tx) => {
        const groupId = await findGroupId(tx, code);
        if (!groupId) throw notFound();
        await refuseAdminGroup(tx, code);
        await removeMember(tx, groupId, kind, id);
        await audit(tx, by, 'group_member_remove', code, { kind, id });
      });
      return groupNamed(code);
    },
  };
}
