import path from 'node:path';
import {
  deleteAccountEndpoints,
  notificationEndpoints as E,
  fillPath,
  type NotificationConfig,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationChoices } from '../../db/schema.js';
import { errorKey, expectBearerRequired, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { startAuthorization } from '../../testing/oidc-flow.js';
import { productCaller, productClient, requestProductToken } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-notification-clients-${process.pid}.json`);
const LMS = productClient('lms-backoffice', ['notifications:read', 'notifications:write']);
const READER = productClient('mailer', ['notifications:read']);
const KYC = productClient('kyc-desk', ['kyc:review']);

const block = (id: string, name = 'LMS') => ({ name, title: { vi: `Khối ${id}`, en: `Block ${id}` } });
const module = (blockId: string | null, titleEn: string, extra: object = {}) => ({
  blockId,
  title: { vi: `${titleEn} (vi)`, en: titleEn },
  ...extra,
});
const userPath = (userId: string, query = '') => `${fillPath(E.userChoices.path, { userId })}${query}`;

describe('notification settings', async () => {
  await writeClientsFile(clientsFile, [LMS, READER, KYC]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile, OTP_SENDS_PER_IP: '1000' });
  let lms: Awaited<ReturnType<typeof productCaller>>;
  beforeAll(async () => {
    lms = await productCaller(t.app, LMS.client_id, 'notifications:read notifications:write');
    expect(resultOf(await lms.call('PUT', fillPath(E.putBlock.path, { blockId: 'lms' }), block('lms')))).toEqual({
      id: 'lms',
      ...block('lms'),
    });
    for (const [name, body] of [
      ['course_update', module('lms', 'Course updates')],
      ['grades', module('lms', 'Grades', { defaultChannels: ['email'] })],
      ['security', module(null, 'Security news')],
    ] as const)
      expect(resultOf(await lms.call('PUT', fillPath(E.putModule.path, { moduleName: name }), body))).toMatchObject({
        moduleName: name,
      });
  });

  it('gives a product a token only for the scopes its client is configured for', async () => {
    const granted = await requestProductToken(t.app, READER.client_id, 'notifications:read');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ token_type: 'Bearer', scope: 'notifications:read', expires_in: 600 });
    const wider = await requestProductToken(t.app, READER.client_id, 'notifications:read notifications:write');
    expect(wider.statusCode).toBe(400);
    expect(wider.json().error).toBe('invalid_scope');
    // The portal (a person's client) cannot get the grant, nor ask a person's sign-in for a product scope.
    const portal = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=portal&scope=kyc%3Areview',
    });
    expect(portal.statusCode).toBe(400);
    const flow = await startAuthorization(t.app, { scope: 'openid kyc:review' });
    expect(new URL(flow.location, 'http://localhost:3000').searchParams.get('error')).toBe('invalid_scope');
  });

  it('a back-office endpoint takes only a product token holding its scope: 401 without one, 403 without the scope', async () => {
    const person = await signedInUser(t, { email: 'notif-bearer@example.com' });
    const write = fillPath(E.putBlock.path, { blockId: 'x' });
    const read = userPath(person.id);
    expect(errorKey(await t.app.inject({ method: 'PUT', url: write, payload: block('x') }), 401)).toBe('unauthorized');
    // A person's access token holds no back-office permission unless a group gives it.
    expect(errorKey(await person.call('GET', read), 403)).toBe('forbidden');
    expect(errorKey(await person.call('PUT', write, block('x')), 403)).toBe('forbidden');
    const reader = await productCaller(t.app, READER.client_id, 'notifications:read');
    expect(errorKey(await reader.call('PUT', write, block('x')), 403)).toBe('forbidden');
    expect(
      errorKey(
        await reader.call('DELETE', `${fillPath(E.deleteModule.path, { moduleName: 'grades' })}?blockId=lms`),
        403,
      ),
    ).toBe('forbidden');
    const kyc = await productCaller(t.app, KYC.client_id, 'kyc:review');
    expect(errorKey(await kyc.call('GET', read), 403)).toBe('forbidden');
    expect(resultOf(await reader.call('GET', read))).toMatchObject({ items: expect.any(Array) });
    // The scope is read before the input: a caller without it learns nothing of the input rules.
    expect(errorKey(await reader.call('PUT', fillPath(E.putBlock.path, { blockId: 'x' }), {}), 403)).toBe('forbidden');
    expect(
      errorKey(await t.app.inject({ method: 'GET', url: read, headers: { authorization: 'Bearer not-a-token' } }), 401),
    ).toBe('unauthorized');
  });

  it('shows a person every module with the default channels until they choose, and saves their choice', async () => {
    const a = await signedInUser(t, { email: 'notif-a@example.com' });
    const res = await a.call('GET', E.config.path);
    expect(res.headers['cache-control']).toBe('no-store');
    const config = resultOf<NotificationConfig>(res);
    expect(config.blocks).toEqual([{ id: 'lms', name: 'LMS', title: 'Khối lms' }]);
    expect(config.items).toEqual([
      {
        blockId: null,
        moduleName: 'security',
        title: 'Security news (vi)',
        notificationGroup: ['email', 'web', 'app'],
      },
      {
        blockId: 'lms',
        moduleName: 'course_update',
        title: 'Course updates (vi)',
        notificationGroup: ['email', 'web', 'app'],
      },
      { blockId: 'lms', moduleName: 'grades', title: 'Grades (vi)', notificationGroup: ['email'] },
    ]);
    const english = resultOf<NotificationConfig>(
      await a.call('GET', E.config.path, undefined, { 'accept-language': 'en-US' }),
    );
    expect(english.blocks[0]?.title).toBe('Block lms');

    const saved = resultOf<NotificationConfig>(
      await a.call('POST', E.save.path, {
        items: [
          { blockId: 'lms', moduleName: 'course_update', notificationGroup: ['app', 'email', 'app'] },
          { blockId: 'lms', moduleName: 'grades', notificationGroup: ['web'] },
          // Listed twice: the last one counts.
          { blockId: 'lms', moduleName: 'grades', notificationGroup: [] },
        ],
      }),
    );
    expect(saved.items.map((i) => [i.moduleName, i.notificationGroup])).toEqual([
      ['security', ['email', 'web', 'app']],
      ['course_update', ['email', 'app']],
      ['grades', []],
    ]);
    // The product reads them back before sending: all, a block's, one module.
    expect(resultOf(await lms.call('GET', userPath(a.id)))).toEqual({
      items: [
        { blockId: null, moduleName: 'security', notificationGroup: ['email', 'web', 'app'] },
        { blockId: 'lms', moduleName: 'course_update', notificationGroup: ['email', 'app'] },
        { blockId: 'lms', moduleName: 'grades', notificationGroup: [] },
      ],
    });
    expect(resultOf(await lms.call('GET', userPath(a.id, '?blockId=lms&moduleName=grades')))).toEqual({
      items: [{ blockId: 'lms', moduleName: 'grades', notificationGroup: [] }],
    });
    expect(resultOf<{ items: unknown[] }>(await lms.call('GET', userPath(a.id, '?blockId=lms'))).items).toHaveLength(2);
    expect(resultOf(await lms.call('GET', userPath(a.id, '?moduleName=security')))).toEqual({
      items: [{ blockId: null, moduleName: 'security', notificationGroup: ['email', 'web', 'app'] }],
    });
    expect(errorKey(await lms.call('GET', userPath('no-such-user')), 404)).toBe('not_found');

    // Another person's settings are their own: b still has the defaults, and cannot reach a's.
    const b = await signedInUser(t, { email: 'notif-b@example.com' });
    const bConfig = resultOf<NotificationConfig>(await b.call('GET', E.config.path));
    expect(bConfig.items.find((i) => i.moduleName === 'course_update')?.notificationGroup).toEqual([
      'email',
      'web',
      'app',
    ]);
    expect(errorKey(await b.call('GET', userPath(a.id)), 403)).toBe('forbidden');
  });

  it('refuses a list naming a module that does not exist, writing none of it', async () => {
    const c = await signedInUser(t, { email: 'notif-c@example.com' });
    const res = await c.call('POST', E.save.path, {
      items: [
        { blockId: 'lms', moduleName: 'course_update', notificationGroup: [] },
        { blockId: 'lms', moduleName: 'security', notificationGroup: [] },
      ],
    });
    expect(errorKey(res)).toBe('notification_module_unknown');
    expect(
      await t.deps.database.db.select().from(notificationChoices).where(eq(notificationChoices.userId, c.id)),
    ).toEqual([]);
    for (const bad of [
      { items: [{ blockId: 'lms', moduleName: 'grades', notificationGroup: ['sms'] }] },
      { items: [{ blockId: 'lms', moduleName: 'gr ades', notificationGroup: [] }] },
      { items: 'all' },
      { items: [{ blockId: 'lms', moduleName: 'grades\u0000', notificationGroup: [] }] },
    ])
      expect((await c.call('POST', E.save.path, bad)).statusCode).toBe(400);
    expect(errorKey(await lms.call('PUT', fillPath(E.putModule.path, { moduleName: 'm' }), module('nope', 'M')))).toBe(
      'notification_block_unknown',
    );
  });

  it('a module removed takes everyone’s choices with it; re-registering keeps the choices of a module that stays', async () => {
    const d = await signedInUser(t, { email: 'notif-d@example.com' });
    await lms.call('PUT', fillPath(E.putModule.path, { moduleName: 'tmp' }), module('lms', 'Temporary'));
    resultOf(
      await d.call('POST', E.save.path, { items: [{ blockId: 'lms', moduleName: 'tmp', notificationGroup: ['web'] }] }),
    );
    const del = `${fillPath(E.deleteModule.path, { moduleName: 'tmp' })}?blockId=lms`;
    expect(resultOf(await lms.call('DELETE', del))).toEqual({ deleted: true });
    expect(resultOf(await lms.call('DELETE', del))).toEqual({ deleted: false });
    const after = resultOf<NotificationConfig>(await d.call('GET', E.config.path));
    expect(after.items.map((i) => i.moduleName)).not.toContain('tmp');
    expect(
      await t.deps.database.db.select().from(notificationChoices).where(eq(notificationChoices.userId, d.id)),
    ).toEqual([]);
  });

  it('erases a person’s choices with the account (user.deleted)', async () => {
    const e = await signedInUser(t, { email: 'notif-e@example.com', steppedUp: true });
    resultOf(
      await e.call('POST', E.save.path, { items: [{ blockId: null, moduleName: 'security', notificationGroup: [] }] }),
    );
    const choices = () =>
      t.deps.database.db.select().from(notificationChoices).where(eq(notificationChoices.userId, e.id));
    expect(await choices()).toHaveLength(1);
    resultOf(await e.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    expect(await choices()).toEqual([]);
    expect(errorKey(await lms.call('GET', userPath(e.id)), 404)).toBe('not_found');
  });

  it('needs a person’s bearer token for the page’s endpoints', async () => {
    await expectBearerRequired(t, { config: E.config, save: E.save }, { items: [] });
  });

  it('lists the back-office endpoints in the OpenAPI description with their scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.product.flows.clientCredentials).toMatchObject({
      tokenUrl: 'http://localhost:3000/oidc/token',
      scopes: expect.objectContaining({ 'notifications:read': expect.any(String), 'kyc:review': expect.any(String) }),
    });
    expect(doc.paths['/api/product/notification/users/{userId}'].get.security).toEqual([
      { product: ['notifications:read'] },
      { bearer: [] },
    ]);
    expect(doc.paths['/api/product/notification/blocks/{blockId}'].put.security).toEqual([
      { product: ['notifications:write'] },
      { bearer: [] },
    ]);
    expect(doc.paths['/api/account/notification'].get.security).toEqual([{ bearer: [] }]);
  });
});
