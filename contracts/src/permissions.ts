import { z } from 'zod';
import { featureEndpoints, PERMISSION_IDS, type PermissionId, PRODUCT_SCOPES } from './endpoint.js';
import type { MessageKey } from './i18n/index.js';

// Permissions, groups and modules (spec account §7: the permission, group, module and module-tree
// list calls; issue 30 point 5). A permission is one back-office duty, named as the product API's
// scope that needs it (PRODUCT_SCOPES); modules file them in a tree; groups hold permissions, and
// people and back-office clients are members of groups. The product API's door grants a caller
// what its groups hold (server/src/features/auth/product.ts): a person with a back-office group
// may call those endpoints with their own sign-in's token.

/** The modules of the tree, as migration 0020_permissions.sql made them. */
export const PERMISSION_MODULES = [
  'backoffice',
  'accounts',
  'kyc',
  'notifications',
  'lookups',
  'commerce',
  'orders',
  'points',
  'access',
  'admin',
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

/** The message keys naming a module and a permission (contracts/src/i18n/catalog/permissions.ts). */
export const moduleNameKey = (id: string) => `module_${id}` as MessageKey;
export const permissionNameKey = (id: string) => `permission_${id.replace(':', '_')}` as MessageKey;

export const MEMBER_KINDS = ['user', 'client'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

// The product API's group calls give the back office's permissions only: the admin console's are
// given by the command line (`admin create`), so no product client can make an operator.
const permissionId = z.enum(PRODUCT_SCOPES);
const named = z.object({ id: z.string(), name: z.string() });

export const moduleSchema = z.object({ id: z.string(), parentId: z.string().nullable(), name: z.string() });
export type PermissionModuleRow = z.infer<typeof moduleSchema>;

/** One node of the module tree: its permissions, then its child modules. */
export type ModuleNode = {
  id: string;
  name: string;
  permissions: { id: string; name: string }[];
  children: ModuleNode[];
};
export const moduleNodeSchema: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), permissions: z.array(named), children: z.array(moduleNodeSchema) }),
);

export const groupCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'permission_group_code_invalid');

export const memberInput = z.object({
  kind: z.enum(MEMBER_KINDS),
  id: z.string().trim().min(1).max(100),
});

export const groupSchema = z.object({
  code: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  members: z.array(z.object({ kind: z.enum(MEMBER_KINDS), id: z.string() })),
});
export type PermissionGroup = z.infer<typeof groupSchema>;

/** What the signed-in person may do in the back office, and through which groups. */
export const myPermissionsSchema = z.object({
  permissions: z.array(z.string()),
  groups: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type MyPermissions = z.infer<typeof myPermissionsSchema>;

const define = featureEndpoints('permissions');

export const permissionEndpoints = {
  modules: define({
    method: 'GET',
    path: '/api/account/permission/modules',
    summary: 'The modules of the back office, each with its parent (the module list call)',
    auth: 'user',
    output: z.array(moduleSchema),
  }),
  tree: define({
    method: 'GET',
    path: '/api/account/permission/module-tree',
    summary: 'The modules as a tree, each with its permissions (the module-tree call)',
    auth: 'user',
    output: z.array(moduleNodeSchema),
  }),
  mine: define({
    method: 'GET',
    path: '/api/account/permission/list',
    summary: "The signed-in person's back-office permissions and the groups they come from",
    auth: 'user',
    output: myPermissionsSchema,
  }),
  groups: define({
    method: 'GET',
    path: '/api/product/groups',
    summary: 'Every group with its permissions and members (the group list call)',
    auth: 'product',
    scope: 'permissions:write',
    output: z.array(groupSchema),
  }),
  putGroup: define({
    method: 'PUT',
    path: '/api/product/groups/:code',
    summary: 'Creates or renames a group and sets exactly its permissions',
    auth: 'product',
    scope: 'permissions:write',
    input: z.object({
      code: groupCode,
      name: z.string().trim().min(1).max(100),
      permissions: z.array(permissionId).max(PRODUCT_SCOPES.length),
    }),
    output: groupSchema,
    errors: ['permission_group_code_invalid', 'admin_group_protected'],
  }),
  deleteGroup: define({
    method: 'DELETE',
    path: '/api/product/groups/:code',
    summary: 'Deletes a group: its members lose what it gave them',
    auth: 'product',
    scope: 'permissions:write',
    input: z.object({ code: groupCode }),
    output: z.object({ ok: z.literal(true) }),
    errors: ['not_found', 'admin_group_protected'],
  }),
  addMember: define({
    method: 'POST',
    path: '/api/product/groups/:code/members',
    summary: 'Makes a person (user id) or a back-office client (client id) a member of the group',
    auth: 'product',
    scope: 'permissions:write',
    input: memberInput.extend({ code: groupCode }),
    // Taking a waiting child out of a group stays possible; making them a member does not.
    person: { of: (member) => (member.kind === 'user' ? member.id : undefined) },
    output: groupSchema,
    errors: ['not_found', 'admin_group_protected'],
  }),
  removeMember: define({
    method: 'DELETE',
    path: '/api/product/groups/:code/members',
    summary: 'Takes a person or a client out of the group',
    auth: 'product',
    scope: 'permissions:write',
    input: memberInput.extend({ code: groupCode }),
    output: groupSchema,
    errors: ['not_found', 'admin_group_protected'],
  }),
};

/** Whether an id is a permission a group may hold (a product API scope or an admin console permission). */
export const isPermission = (id: string): id is PermissionId => (PERMISSION_IDS as readonly string[]).includes(id);
