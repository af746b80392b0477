import path from 'node:path';
import {
  deleteAccountEndpoints,
  permissionEndpoints as E,
  fillPath,
  kycEndpoints,
  type ModuleNode,
  type MyPermissions,
  orderEndpoints,
  PERMISSION_IDS,
  type PermissionGroup,
  type PermissionModuleRow,
  pointEndpoints,
  productUserEndpoints,
} from '@portico/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groupMembers, permissions } from '../../db/schema.js';
import { errorKey, expectBearerRequired, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { productCaller, productClient } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-permissions-clients-${process.pid}.json`);
const ADMIN = productClient('access-admin', ['permissions:write']);
const LMS = productClient('access-lms', ['orders:write']);

describe('permissions, groups and modules', async () => {
  await writeClientsFile(clientsFile, [ADMIN, LMS]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile, OTP_SENDS_PER_IP: '1000' });
  let admin: Awaited<ReturnType<typeof productCaller>>;
  beforeAll(async () => {
    admin = await productCaller(t.app, ADMIN.client_id, 'permissions:write');
  });
  const groupPath = (code: string) => fillPath(E.putGroup.path, { code });
  const membersPath = (code: string) => fillPath(E.addMember.path, { code });

  it('files every product scope under a module of the tree, named in the reader’s language', async () => {
    await expectBearerRequired(t, { modules: E.modules, tree: E.tree, mine: E.mine });
    const rows = await t.deps.database.db.select().from(permissions);
    expect(rows.map((r) => r.id).sort()).toEqual([...PERMISSION_IDS].sort());
    const lan = await signedInUser(t, { email: 'access-lan@example.com' });
    const modules = resultOf<PermissionModuleRow[]>(await lan.call('GET', E.modules.path));
    expect(modules.find((m) => m.id === 'kyc')).toEqual({
      id: 'kyc',
      parentId: 'accounts',
      name: 'Xác minh danh tính',
    });
    const tree = resultOf<ModuleNode[]>(await lan.call('GET', E.tree.path, undefined, { 'accept-language': 'en-US' }));
    expect(tree.map((n) => n.id)).toEqual(['backoffice']);
    const all = (nodes: ModuleNode[]): ModuleNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);
    const kyc = all(tree).find((n) => n.id === 'kyc');
    expect(kyc?.permissions).toEqual([{ id: 'kyc:review', name: 'Review identity verifications' }]);
    expect(
      all(tree)
        .flatMap((n) => n.permissions.map((p) => p.id))
        .sort(),
    ).toEqual([...PERMISSION_IDS].sort());
    expect(all(tree).every((n) => !n.name.startsWith('module_'))).toBe(true);
    expect(resultOf<MyPermissions>(await lan.call('GET', E.mine.path))).toEqual({ permissions: [], groups: [] });
  });

  it('a person in a group calls the back office with their own sign-in; out of it, refused again', async () => {
    const reviewer = await signedInUser(t, { email: 'access-reviewer@example.com' });
    const other = await signedInUser(t, { email: 'access-other@example.com' });
    const put = await admin.call('PUT', groupPath('kyc-reviewers'), {
      name: 'Người duyệt KYC',
      permissions: ['kyc:review', 'users:read', 'kyc:review'],
    });
    expect(resultOf<PermissionGroup>(put)).toEqual({
      code: 'kyc-reviewers',
      name: 'Người duyệt KYC',
      permissions: ['kyc:review', 'users:read'],
      members: [],
    });
    const userPath = fillPath(productUserEndpoints.read.path, { userId: other.id });
    expect(errorKey(await reviewer.call('GET', kycEndpoints.reviewList.path), 403)).toBe('forbidden');
    const added = await admin.call('POST', membersPath('kyc-reviewers'), { kind: 'user', id: reviewer.id });
    expect(resultOf<PermissionGroup>(added).members).toEqual([{ kind: 'user', id: reviewer.id }]);
    expect((await reviewer.call('GET', kycEndpoints.reviewList.path)).statusCode).toBe(200);
    expect(resultOf<{ id: string }>(await reviewer.call('GET', userPath)).id).toBe(other.id);
    expect(resultOf<MyPermissions>(await reviewer.call('GET', E.mine.path))).toEqual({
      permissions: ['kyc:review', 'users:read'],
      groups: [{ code: 'kyc-reviewers', name: 'Người duyệt KYC' }],
    });
    // A change made with a person's own sign-in needs their step-up proof, never their session alone.
    const approveOther = () => reviewer.call('POST', fillPath(kycEndpoints.approve.path, { userId: other.id }), {});
    expect(errorKey(await approveOther(), 403)).toBe('step_up_required');
    await reviewer.stepUp();
    // Never on their own account: no approving one's own identity check.
    expect(
      errorKey(await reviewer.call('POST', fillPath(kycEndpoints.approve.path, { userId: reviewer.id }), {}), 403),
    ).toBe('forbidden');
    // What the group does not hold stays refused; another person holds nothing.
    expect(errorKey(await reviewer.call('GET', E.groups.path), 403)).toBe('forbidden');
    expect(errorKey(await other.call('GET', kycEndpoints.reviewList.path), 403)).toBe('forbidden');
    // Taken out of the group (or the group emptied of the permission), refused again.
    await admin.call('PUT', groupPath('kyc-reviewers'), { name: 'Người duyệt KYC', permissions: ['users:read'] });
    expect(errorKey(await reviewer.call('GET', kycEndpoints.reviewList.path), 403)).toBe('forbidden');
    const removed = await admin.call('DELETE', `${membersPath('kyc-reviewers')}?kind=user&id=${reviewer.id}`);
    expect(resultOf<PermissionGroup>(removed).members).toEqual([]);
    expect(errorKey(await reviewer.call('GET', userPath), 403)).toBe('forbidden');

    // Each change is in the audit log, the client that made it named (issue 31 point 1).
    const entries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, 'kyc-reviewers'))
      .orderBy(asc(auditLog.id));
    expect(entries.map((r) => [r.action, r.actorId, (r.detail as { client?: string }).client])).toEqual([
      ['group_put', null, ADMIN.client_id],
      ['group_member_add', null, ADMIN.client_id],
      ['group_put', null, ADMIN.client_id],
      ['group_member_remove', null, ADMIN.client_id],
    ]);
  });

  it('a person who may award points or make orders does so for others, never themselves', async () => {
    const staff = await signedInUser(t, { email: 'access-staff@example.com', steppedUp: true });
    const learner = await signedInUser(t, { email: 'access-learner@example.com' });
    resultOf(await admin.call('PUT', groupPath('rewards'), { name: 'Rewards', permissions: ['points:write'] }));
    resultOf(await admin.call('POST', membersPath('rewards'), { kind: 'user', id: staff.id }));
    const award = (userId: string, key: string) =>
      staff.call(
        'POST',
        fillPath(pointEndpoints.change.path, { userId }),
        { point: 50, actionName: 'Thưởng' },
        { 'idempotency-key': key },
      );
    expect(errorKey(await award(staff.id, 'self'), 403)).toBe('forbidden');
    expect((await award(learner.id, 'other')).statusCode).toBe(200);
    expect(resultOf(await learner.call('GET', pointEndpoints.balance.path))).toBe(50);
    expect(resultOf(await staff.call('GET', pointEndpoints.balance.path))).toBe(0);

    // Nor an order (one of 0đ is paid at once).
    resultOf(await admin.call('PUT', groupPath('sales'), { name: 'Sales', permissions: ['orders:write'] }));
    resultOf(await admin.call('POST', membersPath('sales'), { kind: 'user', id: staff.id }));
    const order = (userId: string, key: string) =>
      staff.call(
        'POST',
        orderEndpoints.create.path,
        { userId, items: [{ title: 'Khóa học', price: 0 }] },
        { 'idempotency-key': key },
      );
    expect(errorKey(await order(staff.id, 'self-order'), 403)).toBe('forbidden');
    expect((await order(learner.id, 'other-order')).statusCode).toBe(200);
  });

  it('a client gains through its groups what its configured scopes do not give', async () => {
    const lms = await productCaller(t.app, LMS.client_id, 'orders:write');
    const person = await signedInUser(t, { email: 'access-read@example.com' });
    const userPath = fillPath(productUserEndpoints.read.path, { userId: person.id });
    expect(errorKey(await lms.call('GET', userPath), 403)).toBe('forbidden');
    resultOf(await admin.call('PUT', groupPath('readers'), { name: 'Readers', permissions: ['users:read'] }));
    resultOf(await admin.call('POST', membersPath('readers'), { kind: 'client', id: LMS.client_id }));
    expect((await lms.call('GET', userPath)).statusCode).toBe(200);
    // The group deleted: its members lose what it gave.
    expect(resultOf(await admin.call('DELETE', groupPath('readers')))).toEqual({ ok: true });
    expect(errorKey(await lms.call('GET', userPath), 403)).toBe('forbidden');
    const groups = resultOf<PermissionGroup[]>(await admin.call('GET', E.groups.path));
    expect(groups.map((g) => g.code)).not.toContain('readers');
  });

  it('never gives the admin console: its permissions and the groups holding them are the command line’s', async () => {
    const someone = await signedInUser(t, { email: 'access-climber@example.com' });
    const climb = await admin.call('POST', membersPath('administrators'), { kind: 'user', id: someone.id });
    expect(errorKey(climb, 403)).toBe('admin_group_protected');
    expect(errorKey(await admin.call('PUT', groupPath('administrators'), { name: 'x', permissions: [] }), 403)).toBe(
      'admin_group_protected',
    );
    expect(errorKey(await admin.call('DELETE', groupPath('administrators')), 403)).toBe('admin_group_protected');
    const made = await admin.call('PUT', groupPath('climbers'), { name: 'x', permissions: ['accounts:write'] });
    expect(errorKey(made)).toBe('invalid_input');
    expect(resultOf<{ permissions: string[] }>(await someone.call('GET', '/api/admin/access')).permissions).toEqual([]);
  });

  it('refuses a bad code, an unknown permission, and members that are nobody', async () => {
    expect(errorKey(await admin.call('PUT', groupPath('Bad Code'), { name: 'X', permissions: [] }))).toBe(
      'permission_group_code_invalid',
    );
    expect(errorKey(await admin.call('PUT', groupPath('x'), { name: 'X', permissions: ['root:all'] }))).toBe(
      'invalid_input',
    );
    resultOf(await admin.call('PUT', groupPath('empty'), { name: 'Empty', permissions: [] }));
    expect(errorKey(await admin.call('POST', membersPath('empty'), { kind: 'user', id: 'nobody' }), 404)).toBe(
      'not_found',
    );
    expect(errorKey(await admin.call('POST', membersPath('empty'), { kind: 'client', id: 'portico-web' }), 404)).toBe(
      'not_found',
    );
    expect(errorKey(await admin.call('POST', membersPath('none'), { kind: 'client', id: LMS.client_id }), 404)).toBe(
      'not_found',
    );
    expect(errorKey(await admin.call('DELETE', groupPath('none')), 404)).toBe('not_found');
  });

  it('an account deleted leaves its groups', async () => {
    const em = await signedInUser(t, { email: 'access-em@example.com' });
    resultOf(await admin.call('PUT', groupPath('staff'), { name: 'Staff', permissions: ['users:read'] }));
    resultOf(await admin.call('POST', membersPath('staff'), { kind: 'user', id: em.id }));
    resultOf(await em.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    expect(await t.deps.database.db.select().from(groupMembers).where(eq(groupMembers.memberId, em.id))).toEqual([]);
  });
});
