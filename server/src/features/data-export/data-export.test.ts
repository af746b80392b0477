import {
  dataExportEndpoints,
  EXPORT_HOURS,
  EXPORT_PARTS,
  EXPORT_PREPARE_MINUTES,
  EXPORTS_PER_DAY,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import type { Db } from '../../db/client.js';
import {
  activityLogs,
  auditLog,
  devices,
  flows,
  groupMembers,
  guardianConsents,
  guardianWaits,
  knownBrowsers,
  kycVerifications,
  notificationChoices,
  notificationModules,
  orderLines,
  orders,
  passkeys,
  paymentAttempts,
  permissionGroups,
  pointBalances,
  pointEntries,
  privateFiles,
  rememberedBrowsers,
  userAddresses,
  userClaims,
  userContacts,
  userProfiles,
  userRecoveryCodes,
  users,
  userTwoFactor,
  verificationCodes,
} from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import { tablesHoldingPeople } from '../../modules/data-export/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { createPrivateFiles, expiredArchivesJob } from '../../modules/files/index.js';
import { CONTACT_EMAIL } from '../../modules/users/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';

// Download my data (issue 32 point 3): every table that holds a person is in some part; the
// archive holds the person's rows of every part and nothing of another person's; only its owner
// reaches it, after a step-up; it is mailed, logged, limited, and erased with the account.

/** One row in every table that holds a person, each carrying `tag` where a text column allows. */
async function seedEverything(t: TestApp, db: Db, userId: string, tag: string) {
  const at = new Date();
  const [module] = await db
    .insert(notificationModules)
    .values({ moduleName: `news-${tag}`, titleVi: tag, titleEn: tag })
    .returning();
  const [group] = await db
    .insert(permissionGroups)
    .values({ code: `group-${tag.toLowerCase()}`, name: `Group ${tag}` })
    .returning();
  await db
    .update(users)
    .set({ bio: `bio-${tag}`, birthdate: '2001-02-03' })
    .where(eqUser(userId));
  await db.insert(userClaims).values({ userId, claimType: 'recovery_email', claimValue: `rec-${tag}@example.com` });
  await db.insert(verificationCodes).values({
    userId,
    purpose: 'change_contact',
    target: `code-${tag}@example.com`,
    codeHash: `hash-${tag}`,
    expiresAt: new Date(at.getTime() + 600_000),
    lastSentAt: at,
  });
  await db.insert(flows).values({
    id: `flow-${tag}`,
    kind: 'change_contact',
    state: 'code_sent',
    subject: userId,
    target: `flow-${tag}@example.com`,
    secretHash: `secret-${tag}`,
    expiresAt: new Date(at.getTime() + 600_000),
  });
  await db.insert(devices).values({
    id: `device-${tag}`,
    userId,
    deviceType: 1,
    deviceName: `Laptop ${tag}`,
    browser: 'Chrome',
    ip: '203.0.113.9',
    sessionUid: `session-${tag}`,
  });
  await db.insert(knownBrowsers).values({ userId, keyHash: `key-${tag}` });
  await db.insert(rememberedBrowsers).values({
    id: `remembered-${tag}`,
    userId,
    deviceType: 2,
    deviceName: `Phone ${tag}`,
    expiresAt: new Date(at.getTime() + 86_400_000),
  });
  await db.insert(passkeys).values({
    id: `cred-${tag}`,
    userId,
    name: `Key ${tag}`,
    publicKey: `pk-${tag}`,
    deviceType: 'singleDevice',
  });
  await db
    .insert(activityLogs)
    .values({ userId, action: 'activity_passkey_added', params: { name: tag, ip: '1.2.3.4' } });
  await db.insert(userTwoFactor).values({ userId, enabled: true, secret: `totp-${tag}` });
  await db.insert(userRecoveryCodes).values({ userId, codeHash: `rc-${tag}` });
  await db.insert(notificationChoices).values({ userId, moduleId: module!.id, email: false, web: true, app: true });
  await db.insert(userAddresses).values({
    userId,
    name: `Home ${tag}`,
    phoneNumber: '0912345678',
    scheme: 2,
    provinceCode: '01',
    wardCode: '00004',
    details: `12 street ${tag}`,
  });
  // A KYC image, stored for real: it comes back as a file of the archive.
  const files = createPrivateFiles(t.deps);
  const image = Buffer.from(`jpeg-bytes-${tag}`);
  const { fileId } = await files.store(userId, 'kyc', { data: image, extension: 'jpg', fileName: `front-${tag}.jpg` });
  await db.insert(kycVerifications).values({ userId, status: 1, submittedAt: at });
  await db
    .insert(guardianConsents)
    .values({ userId, guardian: `parent-${tag}@example.com`, askedAt: at, ip: `ip-${tag}` });
  await db.insert(guardianWaits).values({ userId, since: at });
  await db.insert(userProfiles).values({ userId, displayName: `Profile ${tag}` });
  await db.insert(pointBalances).values({ userId, balance: 42 });
  await db.insert(pointEntries).values({
    userId,
    clientId: 'learn',
    idempotencyKey: `idem-${tag}`,
    actionName: `quiz-${tag}`,
    point: 42,
    balanceAfter: 42,
  });
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      clientId: 'learn',
      idempotencyKey: `order-${tag}`,
      requestHash: `rh-${tag}`,
      amount: 100_000,
      discount: 0,
      paymentMethod: 'AUTO',
    })
    .returning();
  await db.insert(orderLines).values({ orderId: order!.id, title: `Course ${tag}`, quantity: 1, price: 100_000 });
  await db.insert(paymentAttempts).values({
    reference: `ref-${tag}`,
    orderId: order!.id,
    userId,
    gateway: 'vnpay',
    amount: 100_000,
    locale: 'vi-VN',
  });
  await db.insert(groupMembers).values({ groupId: group!.id, memberKind: 'user', memberId: userId });
  await db.insert(auditLog).values({
    actorId: 'operator-1',
    action: 'account.suspend',
    targetKind: 'user',
    targetId: userId,
    detail: { reason: `reason-${tag}` },
    ip: '198.51.100.7',
  });
  return { fileId, image };
}

const eqUser = (id: string) => eq(users.id, id);

/** Asks for the archive, waits for it to be made, and answers its bytes through the download link. */
async function exportOf(t: TestApp, who: SignedInUser) {
  const started = resultOf<{ state: string }>(await who.call('POST', dataExportEndpoints.request.path));
  expect(started.state).toBe('preparing');
  await queuedSendsDone();
  const status = resultOf<{ state: string; size: number }>(await who.call('GET', dataExportEndpoints.status.path));
  expect(status.state).toBe('ready');
  const { url, fileName } = resultOf<{ url: string; fileName: string }>(
    await who.call('POST', dataExportEndpoints.link.path),
  );
  expect(fileName).toMatch(/^portico-data-\d{4}-\d\d-\d\d\.zip$/);
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe('attachment');
  expect(res.rawPayload.length).toBe(status.size);
  return unzipSync(new Uint8Array(res.rawPayload));
}

describe('download my data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a part for every table that holds a person, so a new table cannot be forgotten', async () => {
    const db = t.deps.database.db;
    const ana = await signedInUser(t, { email: 'cover-export@example.com' });
    const [user] = await db.select().from(users).where(eqUser(ana.id));
    const covered = new Set<string>();
    const names: string[] = [];
    await t.deps.events.publish('user.exporting', {
      userId: ana.id,
      user: user!,
      locale: 'vi-VN',
      tx: db,
      add: (part) => {
        names.push(part.name);
        for (const table of part.tables) covered.add(table);
      },
    });
    expect(tablesHoldingPeople().filter((table) => !covered.has(table))).toEqual([]);
    // Every part is given once, and only the parts the page names.
    expect([...names].sort()).toEqual([...EXPORT_PARTS].sort());
  });

  it("holds the person's rows of every part and files, and nothing of another person's", async () => {
    const db = t.deps.database.db;
    const ana = await signedInUser(t, { email: 'ana-export@example.com', steppedUp: true });
    const bob = await signedInUser(t, { email: 'bob-export@example.com', steppedUp: true });
    const mine = await seedEverything(t, db, ana.id, 'anaTAG');
    await seedEverything(t, db, bob.id, 'bobTAG');

    const archive = await exportOf(t, ana);
    const json = new TextDecoder().decode(archive['data.json']);
    const data = JSON.parse(json) as { format: string; userId: string; parts: Record<string, unknown> };
    expect(data.format).toBe('portico-data-export/1');
    expect(data.userId).toBe(ana.id);
    // Every part holds something of Ana's.
    for (const name of EXPORT_PARTS) {
      const part = data.parts[name];
      const empty = part === null || (Array.isArray(part) && part.length === 0);
      expect(empty, `part ${name}`).toBe(false);
    }
    expect(json).toContain('anaTAG');
    expect(json).toContain('ana-export@example.com');
    // Nothing of Bob's, and no secret of Ana's.
    for (const other of [bob.id, 'bobTAG', 'bob-export@example.com']) expect(json).not.toContain(other);
    for (const secret of ['hash-anaTAG', 'secret-anaTAG', 'totp-anaTAG', 'rc-anaTAG', 'pk-anaTAG', 'key-anaTAG'])
      expect(json).not.toContain(secret);
    expect(json).not.toContain('session-anaTAG');
    expect(json).not.toContain('operator-1');
    expect(json).not.toContain('ip-anaTAG');
    expect(json).not.toContain('passwordHash');
    expect(json).not.toContain('$argon2');

    // The KYC image as a file, and a readable page in Ana's language.
    const stored = Object.keys(archive).filter((name) => name.startsWith('files/kyc/'));
    expect(stored).toHaveLength(1);
    expect(Buffer.from(archive[stored[0]!]!).equals(mine.image)).toBe(true);
    const html = new TextDecoder().decode(archive['index.html']);
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Dữ liệu của bạn tại');
    expect(html).toContain('Xác minh danh tính');
    // Field names in the reader's language too, not as stored.
    expect(html).toContain('<th scope="col">Thời điểm tạo</th>');
    expect(html).not.toContain('created at');
    expect(html).toContain(`href="${stored[0]}"`);
    expect(html).not.toContain('bobTAG');
    expect(html).not.toContain('<script');

    // Told by e-mail, with the page to download it from; both steps are in the activity log.
    const mail = (await listOutboxMessages(db, 'ana-export@example.com', 5)).find((m) =>
      m.subject.includes('bản sao dữ liệu'),
    );
    expect(mail?.text).toContain('/security/data');
    const actions = (await db.select().from(activityLogs).where(eq(activityLogs.userId, ana.id))).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['activity_data_export_requested', 'activity_data_export_downloaded']),
    );
  });

  it('tells an account without a confirmed e-mail by SMS when the archive is ready', async () => {
    const db = t.deps.database.db;
    const who = await signedInUser(t, { email: 'phone-export@example.com', phone: '0912000111', steppedUp: true });
    await db
      .update(userContacts)
      .set({ isConfirmed: false })
      .where(and(eq(userContacts.userId, who.id), eq(userContacts.type, CONTACT_EMAIL)));
    await exportOf(t, who);
    await queuedSendsDone();
    const [sms] = await listOutboxMessages(db, '0912000111', 1);
    expect(sms?.text).toContain('/security/data');
    expect(sms?.text).toMatch(/24/);
    expect(await listOutboxMessages(db, 'phone-export@example.com', 5)).toEqual([]);
  });

  it('is reached only by its owner, after a step-up, with no-store answers', async () => {
    const carol = await signedInUser(t, { email: 'carol-export@example.com', steppedUp: true });
    const dave = await signedInUser(t, { email: 'dave-export@example.com' });
    resultOf(await carol.call('POST', dataExportEndpoints.request.path));
    await queuedSendsDone();

    // Dave, signed in but without a step-up, cannot ask; he sees no archive and gets no link.
    expect(errorKey(await dave.call('POST', dataExportEndpoints.request.path), 403)).toBe('step_up_required');
    const status = await dave.call('GET', dataExportEndpoints.status.path);
    expect(resultOf(status)).toBeNull();
    expect(status.headers['cache-control']).toContain('no-store');
    expect(errorKey(await dave.call('POST', dataExportEndpoints.link.path), 404)).toBe('not_found');
    // Nobody without a bearer token.
    for (const e of Object.values(dataExportEndpoints)) {
      const res = await t.app.inject({ method: e.method, url: e.path });
      expect(res.statusCode, e.path).toBe(401);
    }
    // A tampered link serves nothing.
    const { url } = resultOf<{ url: string }>(await carol.call('POST', dataExportEndpoints.link.path));
    const forged = new URL(url);
    forged.searchParams.set('sig', 'x'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(404);
  });

  it('answers an archive stalled in preparing as failed, and a new request makes one', async () => {
    const db = t.deps.database.db;
    const gil = await signedInUser(t, { email: 'gil-export@example.com', steppedUp: true });
    // A copy that took the request and stopped before making it: the flow stays preparing.
    const past = new Date(Date.now() - (EXPORT_PREPARE_MINUTES * 60 + 5) * 1000);
    await db.insert(flows).values({
      id: 'stalled-gil',
      kind: 'data_export',
      state: 'preparing',
      subject: gil.id,
      target: '',
      createdAt: past,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(resultOf<{ state: string }>(await gil.call('GET', dataExportEndpoints.status.path)).state).toBe('failed');
    resultOf(await gil.call('POST', dataExportEndpoints.request.path));
    await queuedSendsDone();
    expect(resultOf<{ state: string }>(await gil.call('GET', dataExportEndpoints.status.path)).state).toBe('ready');
  });

  it('removes archives past EXPORT_HOURS, rows and bytes', async () => {
    const db = t.deps.database.db;
    const fay = await signedInUser(t, { email: 'fay-export@example.com', steppedUp: true });
    resultOf(await fay.call('POST', dataExportEndpoints.request.path));
    await queuedSendsDone();
    const [row] = await db.select().from(privateFiles).where(eq(privateFiles.userId, fay.id));
    await db
      .update(privateFiles)
      .set({ createdAt: new Date(Date.now() - (EXPORT_HOURS * 3600 + 60) * 1000) })
      .where(eq(privateFiles.id, row!.id));
    const result = await db.transaction((tx) => expiredArchivesJob(t.deps).run(tx));
    expect(result.archives).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(privateFiles).where(eq(privateFiles.userId, fay.id))).toEqual([]);
    expect(await t.deps.storage.get(row!.storedName, 'private')).toBeUndefined();
    // The page then finds no archive to download.
    expect(errorKey(await fay.call('POST', dataExportEndpoints.link.path), 404)).toBe('not_found');
  });

  it('keeps one archive per person, limits requests a day, and goes with the account', async () => {
    const db = t.deps.database.db;
    const erin = await signedInUser(t, { email: 'erin-export@example.com', steppedUp: true });
    for (let i = 0; i < 2; i++) {
      resultOf(await erin.call('POST', dataExportEndpoints.request.path));
      await queuedSendsDone();
    }
    const archives = () =>
      db
        .select()
        .from(privateFiles)
        .where(eq(privateFiles.userId, erin.id))
        .then((rows) => rows.filter((r) => r.purpose === 'export'));
    expect(await archives()).toHaveLength(1);
    for (let i = 2; i < EXPORTS_PER_DAY; i++) resultOf(await erin.call('POST', dataExportEndpoints.request.path));
    expect(errorKey(await erin.call('POST', dataExportEndpoints.request.path), 429)).toBe('too_many_requests');
    await queuedSendsDone();

    const storedName = (await archives())[0]?.storedName;
    expect(await t.deps.storage.get(storedName!, 'private')).toBeDefined();
    // Housekeeping leaves an archive younger than EXPORT_HOURS.
    expect(await db.transaction((tx) => expiredArchivesJob(t.deps).run(tx))).toEqual({ archives: 0 });
    expect(await archives()).toHaveLength(1);
    const [user] = await db.select().from(users).where(eqUser(erin.id));
    await inTransaction(db, (tx, afterCommit) =>
      t.deps.events.publish('user.deleted', { userId: erin.id, user: user!, ip: '127.0.0.1', tx, afterCommit }),
    );
    expect(await archives()).toHaveLength(0);
    expect(await t.deps.storage.get(storedName!, 'private')).toBeUndefined();
  });
});
