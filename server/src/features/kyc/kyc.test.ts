import path from 'node:path';
import { deleteAccountEndpoints, kycEndpoints as E, fillPath, type KycDetails } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, auditLog, privateFiles } from '../../db/schema.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp, writeClientsFile } from '../../testing/app.js';
import { multipart } from '../../testing/multipart.js';
import { productCaller, productClient } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-kyc-clients-${process.pid}.json`);
const DESK = productClient('kyc-desk', ['kyc:review']);
const NOTIFIER = productClient('kyc-notifier', ['notifications:read']);

const photo = (background: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

describe('identity verification (KYC)', async () => {
  await writeClientsFile(clientsFile, [DESK, NOTIFIER]);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile });
  let desk: Awaited<ReturnType<typeof productCaller>>;
  beforeAll(async () => {
    desk = await productCaller(t.app, DESK.client_id, 'kyc:review');
  });

  const upload = async (who: SignedInUser, data: Buffer, name = 'id.png') => {
    const body = multipart(data, name, 'image/png');
    return t.app.inject({
      method: 'POST',
      url: E.upload.path,
      headers: { host: 'localhost:3000', authorization: `Bearer ${who.tokens.access_token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (who: SignedInUser, color: string) =>
    resultOf<{ fileId: string; url: string }>(await upload(who, await photo(color)));
  const submit = (who: SignedInUser, front?: string, back?: string) =>
    who.call('PUT', E.submit.path, {
      claims: [
        ...(front ? [{ claimType: 'kyc_front', claimValue: front }] : []),
        ...(back ? [{ claimType: 'kyc_back', claimValue: back }] : []),
      ],
    });
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url: url.replace('http://localhost:3000', '') });

  it('uploads private images, submits them, waits, and is approved through the review API', async () => {
    const a = await signedInUser(t, { email: 'kyc-a@example.com' });
    expect(resultOf(await a.call('GET', E.check.path))).toBe(0);
    const front = await uploaded(a, '#c33');
    const back = await uploaded(a, '#33c');
    // Private: not under /uploads, only through the signed URL, never cached.
    expect(front.url).toMatch(/^http:\/\/localhost:3000\/files\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]+$/);
    const served = await fetchUrl(front.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('no-store');
    const stored = new URL(front.url).pathname.split('/').pop()!;
    expect((await t.app.inject({ url: `/uploads/${stored}` })).statusCode).toBe(404);
    expect((await fetchUrl(front.url.replace(/sig=[\w-]+/, 'sig=forged'))).statusCode).toBe(404);
    expect((await fetchUrl(front.url.replace(/exp=\d+/, 'exp=9999999999'))).statusCode).toBe(404);

    expect(errorKey(await submit(a, front.fileId))).toBe('please_upload_your_identity_captcha');
    const waiting = resultOf<KycDetails>(await submit(a, front.fileId, back.fileId));
    expect(waiting).toMatchObject({
      status: 1,
      reason: null,
      front: { fileId: front.fileId },
      back: { fileId: back.fileId },
    });
    expect(resultOf(await a.call('GET', E.check.path))).toBe(1);
    // Waiting: read-only.
    expect(errorKey(await upload(a, await photo('#3c3')))).toBe('kyc_locked');
    expect(errorKey(await submit(a, front.fileId, back.fileId))).toBe('kyc_locked');

    const list = resultOf<{ userId: string }[]>(await desk.call('GET', E.reviewList.path));
    expect(list.map((r) => r.userId)).toContain(a.id);
    const seen = resultOf<KycDetails & { userId: string }>(
      await desk.call('GET', fillPath(E.review.path, { userId: a.id })),
    );
    expect(seen.status).toBe(1);
    expect((await fetchUrl(seen.front!.url)).statusCode).toBe(200);
    const approved = resultOf<KycDetails>(await desk.call('POST', fillPath(E.approve.path, { userId: a.id })));
    expect(approved.status).toBe(2);
    expect(errorKey(await desk.call('POST', fillPath(E.approve.path, { userId: a.id })))).toBe('kyc_not_waiting');
    expect(resultOf(await a.call('GET', E.check.path))).toBe(2);
    const log = await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['activity_kyc_submitted', 'activity_kyc_approved']),
    );
    // The review is in the audit log, the reviewing client named (issue 31 point 1).
    const audited = await t.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(audited.map((r) => [r.action, r.actorId, (r.detail as { client?: string }).client])).toEqual([
      ['kyc_approve', null, DESK.client_id],
    ]);
    await expect
      .poll(async () => (await listOutboxMessages(t.deps.database.db, 'kyc-a@example.com', 5)).map((m) => m.subject))
      .toContainEqual(expect.stringContaining('xác minh'));
  });

  it('a refusal shows its reason, and a new upload goes back to waiting; the old images are removed', async () => {
    const b = await signedInUser(t, { email: 'kyc-b@example.com' });
    const first = [await uploaded(b, '#111'), await uploaded(b, '#222')];
    const stray = await uploaded(b, '#333');
    resultOf(await submit(b, first[0]!.fileId, first[1]!.fileId));
    expect(errorKey(await desk.call('POST', fillPath(E.refuse.path, { userId: b.id }), { reason: '' }))).toBe(
      'invalid_input',
    );
    const refused = resultOf<KycDetails>(
      await desk.call('POST', fillPath(E.refuse.path, { userId: b.id }), { reason: 'Ảnh bị mờ' }),
    );
    expect(refused).toMatchObject({ status: 3, reason: 'Ảnh bị mờ' });
    expect(resultOf<KycDetails>(await b.call('GET', E.details.path)).reason).toBe('Ảnh bị mờ');
    // The stray upload was dropped at the first submission.
    expect((await fetchUrl(stray.url)).statusCode).toBe(404);
    const second = [await uploaded(b, '#444'), await uploaded(b, '#555')];
    expect(resultOf<KycDetails>(await submit(b, second[0]!.fileId, second[1]!.fileId)).status).toBe(1);
    await expect.poll(async () => (await fetchUrl(first[0]!.url)).statusCode).toBe(404);
    const files = await t.deps.database.db.select().from(privateFiles).where(eq(privateFiles.userId, b.id));
    expect(files.map((f) => f.id).sort()).toEqual([second[0]!.fileId, second[1]!.fileId].sort());
  });

  it('another person cannot submit someone else’s images or read them, and a URL dies with its time', async () => {
    const owner = await signedInUser(t, { email: 'kyc-owner@example.com' });
    const other = await signedInUser(t, { email: 'kyc-other@example.com' });
    const images = [await uploaded(owner, '#a11'), await uploaded(owner, '#a22')];
    expect(errorKey(await submit(other, images[0]!.fileId, images[1]!.fileId))).toBe(
      'please_upload_your_identity_captcha',
    );
    expect(resultOf<KycDetails>(await other.call('GET', E.details.path))).toMatchObject({
      status: 0,
      front: null,
      back: null,
    });
    // A signed URL past its expiry: the clock moved 6 minutes on.
    const later = Date.now() + 6 * 60 * 1000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      expect((await fetchUrl(images[0]!.url)).statusCode).toBe(404);
    } finally {
      Date.now = realNow;
    }
    expect((await fetchUrl(images[0]!.url)).statusCode).toBe(200);
  });

  it('refuses what is not an image, and the review API without its scope or with a person’s token', async () => {
    const c = await signedInUser(t, { email: 'kyc-c@example.com' });
    expect(errorKey(await upload(c, Buffer.from('%PDF-1.4 not an image'), 'id.png'))).toBe('invalid_image');
    expect(errorKey(await c.call('POST', E.upload.path, { not: 'multipart' }))).toBe('invalid_image');
    expect(errorKey(await c.call('GET', E.reviewList.path), 403)).toBe('forbidden');
    const notifier = await productCaller(t.app, NOTIFIER.client_id, 'notifications:read');
    expect(errorKey(await notifier.call('GET', E.reviewList.path), 403)).toBe('forbidden');
    expect(errorKey(await notifier.call('POST', fillPath(E.approve.path, { userId: c.id })), 403)).toBe('forbidden');
    expect(errorKey(await desk.call('GET', fillPath(E.review.path, { userId: c.id })), 404)).toBe('not_found');
  });

  it('erases the verification and its images with the account', async () => {
    const d = await signedInUser(t, { email: 'kyc-d@example.com', steppedUp: true });
    const images = [await uploaded(d, '#d11'), await uploaded(d, '#d22')];
    resultOf(await submit(d, images[0]!.fileId, images[1]!.fileId));
    resultOf(await d.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    expect(await t.deps.database.db.select().from(privateFiles).where(eq(privateFiles.userId, d.id))).toEqual([]);
    await expect.poll(async () => (await fetchUrl(images[0]!.url)).statusCode).toBe(404);
    expect(errorKey(await desk.call('GET', fillPath(E.review.path, { userId: d.id })), 404)).toBe('not_found');
  });
});
