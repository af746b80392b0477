import {
  accountEndpoints,
  authEndpoints,
  fillPath,
  guardianEndpoints,
  kycEndpoints,
  orderEndpoints,
  permissionEndpoints,
  pointEndpoints,
  productUserEndpoints,
  profileEndpoints,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../adapters/outbox/queries.js';
import { activityLogs, guardianConsents, guardianWaits, kycVerifications, users } from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';
import {
  abandonedChildrenJob,
  createGuardianRule,
  eraseAbandonedChild,
  recordGuardianConsent,
  saveGuardianAsked,
} from '../../modules/guardian/index.js';
import { errorKey, resultOf, signedInUser } from '../../testing/account.js';
import type { TestApp } from '../../testing/app.js';
import { createAppWithLearn, LEARN } from '../../testing/learn-client.js';
import {
  bearer,
  followRedirects,
  postJson,
  refresh,
  signInWithPassword,
  startAuthorization,
} from '../../testing/oidc-flow.js';
import { productCaller, productClient } from '../../testing/products.js';
import { TEST_PASSWORD } from '../../testing/users.js';

// Guardian consent (issue 32 point 4; docs/children.md): a child's account waits for its guardian
// (the portal only, relying parties get interaction_required), the guardian consents with the code
// sent to them, the record keeps the text, and a withdrawal deletes the child's account.

/** A birth date that makes someone `years` old today (their birthday a few days ago). */
const bornYearsAgo = (years: number) => {
  const d = new Date(Date.now() - 3 * 86_400_000);
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
};

/** A product of the platform reading people (the product API). */
const SHOP = productClient('guardian-shop', ['users:read', 'points:write']);
/** A back office whose calls name the person elsewhere than a `userId` (an order's id, a group's member, a list). */
const DESK = productClient('guardian-desk', ['orders:write', 'payments:write', 'kyc:review', 'permissions:write']);

describe('guardian consent', () => {
  let t: TestApp;
  const learn = LEARN;
  beforeAll(async () => {
    t = await createAppWithLearn([SHOP, DESK]);
  });
  afterAll(() => t.close());

  const child = async (email: string, years: number) => {
    const who = await signedInUser(t, { email, firstName: 'Minh' });
    await t.deps.database.db
      .update(users)
      .set({ birthdate: bornYearsAgo(years) })
      .where(eq(users.id, who.id));
    return who;
  };
  /** The answer of a sign-in at the relying party: where the login sends the browser. */
  const signInAtLearn = async (email: string) => {
    const flow = await startAuthorization(t.app, { ...learn, scope: 'openid' });
    const login = await postJson(t.app, authEndpoints.login.path, {
      username: email,
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    return { flow, answer: resultOf<{ redirectUrl: string }>(login) };
  };
  /** The guardian `guardian` was asked at `askedAt` and consented by code at `consentedAt`, written straight to the record. */
  const consentGiven = async (userId: string, guardian: string, askedAt: Date, consentedAt: Date) => {
    const db = t.deps.database.db;
    await saveGuardianAsked(db, { userId, guardian, askedAt, childAgreedAt: null });
    await recordGuardianConsent(db, userId, {
      guardian,
      consentedAt,
      method: 'email_code',
      textLocale: 'vi-VN',
      text: 'text',
      ip: '203.0.113.9',
      userAgent: 'test',
    });
  };
  const guardianMail = async (to: string) => {
    await queuedSendsDone();
    const [mail] = await listOutboxMessages(t.deps.database.db, to, 1);
    return mail;
  };

  it('holds a 12-year-old back until the guardian consents with the code, then lets them in', async () => {
    const minh = await child('minh-child@example.com', 12);
    // Only the guardian page, who it is, signing out and deleting itself.
    expect(
      resultOf<{ awaits_guardian: boolean }>(await minh.call('GET', accountEndpoints.me.path)).awaits_guardian,
    ).toBe(true);
    expect(errorKey(await minh.call('GET', profileEndpoints.get.path), 403)).toBe('guardian_consent_required');
    const status = resultOf<{ required: boolean; childAgreement: boolean; asked: null; text: string }>(
      await minh.call('GET', guardianEndpoints.status.path),
    );
    expect(status).toMatchObject({ required: true, childAgreement: true, asked: null });
    expect(status.text).toContain('Portico');

    // No product reads or writes the child's data either (the contract's `person`).
    const shop = await productCaller(t.app, SHOP.client_id, SHOP.scope);
    const profileOfMinh = fillPath(productUserEndpoints.read.path, { userId: minh.id });
    expect(errorKey(await shop.call('GET', profileOfMinh), 403)).toBe('guardian_consent_required');
    const award = () =>
      shop.call(
        'POST',
        fillPath(pointEndpoints.change.path, { userId: minh.id }),
        { point: 5, actionName: 'Lesson finished' },
        {
          'idempotency-key': `award-${minh.id}`,
        },
      );
    expect(errorKey(await award(), 403)).toBe('guardian_consent_required');
    // An adult, and an unknown id, are answered as ever.
    const adult = await signedInUser(t, { email: 'minh-parent-adult@example.com' });
    resultOf(await shop.call('GET', fillPath(productUserEndpoints.read.path, { userId: adult.id })));
    expect(errorKey(await shop.call('GET', fillPath(productUserEndpoints.read.path, { userId: 'nobody' })), 404)).toBe(
      'not_found',
    );

    // A relying party: interaction_required, after the page that says why.
    const { flow, answer } = await signInAtLearn('minh-child@example.com');
    expect(answer.redirectUrl).toMatch(/^\/guardian-required\?continue=/);
    const location = await followRedirects(t.app, flow, decodeURIComponent(answer.redirectUrl.split('continue=')[1]!));
    expect(new URL(location).searchParams.get('error')).toBe('interaction_required');

    // Its portal session does not carry it into the relying party silently either.
    const silent = await startAuthorization(t.app, { ...learn, jar: minh.flow.jar, params: { prompt: 'none' } });
    expect(new URL(silent.location).searchParams.get('error')).toBe('interaction_required');

    // The child agrees (12 ≥ CHILD_CONSENT_AGE) and names the guardian, not themselves.
    expect(errorKey(await minh.call('POST', guardianEndpoints.ask.path, { guardian: 'me.parent@example.com' }))).toBe(
      'guardian_child_agreement',
    );
    expect(
      errorKey(
        await minh.call('POST', guardianEndpoints.ask.path, { guardian: 'minh-child@example.com', childAgrees: true }),
      ),
    ).toBe('guardian_is_self');
    expect(
      errorKey(await minh.call('POST', guardianEndpoints.ask.path, { guardian: 'not an address', childAgrees: true })),
    ).toBe('guardian_invalid');
    resultOf(
      await minh.call('POST', guardianEndpoints.ask.path, { guardian: 'Me.Parent@Example.com', childAgrees: true }),
    );
    const mail = await guardianMail('me.parent@example.com');
    expect(mail?.subject).toContain('Minh');
    const code = mail?.code ?? '';
    const link = /(http\S+\/guardian-consent\?\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const withdrawLink = /(http\S+\/guardian-consent\/withdraw\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(new URL(link).searchParams.get('for')).toBe(minh.id);
    expect(new URL(link).searchParams.get('to')).toBe('me.parent@example.com');

    // The guardian's code: a wrong one is refused; the right one shows what they consent to.
    const check = (otp: string) =>
      postJson(
        t.app,
        guardianEndpoints.check.path,
        { child: minh.id, guardian: 'me.parent@example.com', otp },
        { 'accept-language': 'en-US' },
      );
    expect(errorKey(await check(code === '000000' ? '111111' : '000000'))).toBe('otp_invalid');
    const request = resultOf<{ token: string; child: string; age: number; text: string; childAgreed: boolean }>(
      await check(code),
    );
    expect(request).toMatchObject({ child: 'Minh', age: 12, childAgreed: true });
    // Still held back until the consent itself.
    expect(errorKey(await minh.call('GET', profileEndpoints.get.path), 403)).toBe('guardian_consent_required');
    // Consenting from a page in another language still records the text as it was shown.
    resultOf(await postJson(t.app, guardianEndpoints.consent.path, { token: request.token }));
    expect(errorKey(await postJson(t.app, guardianEndpoints.consent.path, { token: request.token }))).toBe(
      'guardian_link_invalid',
    );

    // The record: who, how, when, from where, and the exact text in the language read.
    const [record] = await t.deps.database.db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.userId, minh.id));
    expect(record).toMatchObject({ guardian: 'me.parent@example.com', method: 'email_code', textLocale: 'en-US' });
    expect(record?.text).toContain('The data is not sold');
    expect(record?.consentedAt).toBeInstanceOf(Date);
    expect(record?.childAgreedAt).toBeInstanceOf(Date);
    // The guardian is told, with the withdrawal link again.
    const confirmation = await guardianMail('me.parent@example.com');
    expect(confirmation?.text).toContain(new URL(withdrawLink).searchParams.get('token'));

    // Now the child uses the account and the relying party, silently too, and products read it.
    resultOf(await minh.call('GET', profileEndpoints.get.path));
    expect(resultOf<{ id: string }>(await shop.call('GET', profileOfMinh)).id).toBe(minh.id);
    expect((await award()).statusCode).toBe(200);
    const silentNow = await startAuthorization(t.app, { ...learn, jar: minh.flow.jar, params: { prompt: 'none' } });
    expect(new URL(silentNow.location).searchParams.get('code')).toBeTruthy();
    await signInWithPassword(t.app, { username: 'minh-child@example.com', password: TEST_PASSWORD }, learn);

    // The guardian withdraws through the link: the account is deleted, the link then dead.
    const token = new URL(withdrawLink).searchParams.get('token') ?? '';
    expect(resultOf(await postJson(t.app, guardianEndpoints.withdrawal.path, { token }))).toEqual({ child: 'Minh' });
    expect(errorKey(await postJson(t.app, guardianEndpoints.withdraw.path, { token: `${token}x` }))).toBe(
      'guardian_link_invalid',
    );
    // Another child's request, which the erasure must leave alone.
    const other = await child('other-child@example.com', 9);
    resultOf(
      await other.call('POST', guardianEndpoints.ask.path, { guardian: 'other.parent@example.com', childAgrees: true }),
    );
    // Two clicks at once: the account is erased once.
    await Promise.all([
      postJson(t.app, guardianEndpoints.withdraw.path, { token }),
      postJson(t.app, guardianEndpoints.withdraw.path, { token }),
    ]);
    const deletions = (
      await t.deps.database.db.select().from(activityLogs).where(eq(activityLogs.userId, minh.id))
    ).filter((row) => row.action === 'activity_account_deleted');
    expect(deletions).toHaveLength(1);
    const records = await t.deps.database.db.select().from(guardianConsents);
    expect(records.map((r) => r.userId)).toContain(other.id);
    expect(records.map((r) => r.userId)).not.toContain(minh.id);
    const [gone] = await t.deps.database.db.select().from(users).where(eq(users.id, minh.id));
    expect(gone?.deletedAt).toBeInstanceOf(Date);
    expect(gone?.birthdate).toBeNull();
    expect(errorKey(await postJson(t.app, guardianEndpoints.withdraw.path, { token }))).toBe('guardian_link_invalid');
    expect((await minh.call('GET', accountEndpoints.me.path)).statusCode).toBe(401);
  });

  it('holds a waiting child back from the calls that name them elsewhere: an order by its id, a group member, the verification list', async () => {
    const desk = await productCaller(t.app, DESK.client_id, DESK.scope);
    const hoa = await signedInUser(t, { email: 'hoa-later-child@example.com' });
    const adult = await signedInUser(t, { email: 'hoa-parent@example.com' });
    // An order made while the birth date said nothing, then the birth date of a 10-year-old.
    const orderFor = async (userId: string) =>
      resultOf<{ id: number }>(
        await desk.call(
          'POST',
          orderEndpoints.create.path,
          { userId, items: [{ title: 'Khóa học', price: 1000 }] },
          { 'idempotency-key': `guardian-order-${userId}` },
        ),
      ).id;
    const hoaOrder = await orderFor(hoa.id);
    const adultOrder = await orderFor(adult.id);
    const db = t.deps.database.db;
    // The child's verification is the oldest: the list's first page must still fill with others.
    await db.insert(kycVerifications).values([
      { userId: hoa.id, status: 1, submittedAt: new Date(Date.now() - 60_000) },
      { userId: adult.id, status: 1, submittedAt: new Date() },
    ]);
    const waitingReviews = async () =>
      resultOf<{ userId: string }[]>(await desk.call('GET', kycEndpoints.reviewList.path)).map((r) => r.userId);
    expect(await waitingReviews()).toEqual(expect.arrayContaining([hoa.id, adult.id]));
    // Hoa reads people in the back office with her own sign-in, through a group.
    const members = fillPath(permissionEndpoints.addMember.path, { code: 'guardian-readers' });
    resultOf(
      await desk.call('PUT', fillPath(permissionEndpoints.putGroup.path, { code: 'guardian-readers' }), {
        name: 'Readers',
        permissions: ['users:read'],
      }),
    );
    resultOf(await desk.call('POST', members, { kind: 'user', id: hoa.id }));
    const adultProfile = fillPath(productUserEndpoints.read.path, { userId: adult.id });
    expect((await hoa.call('GET', adultProfile)).statusCode).toBe(200);
    await db
      .update(users)
      .set({ birthdate: bornYearsAgo(10) })
      .where(eq(users.id, hoa.id));

    for (const path of [orderEndpoints.read.path, orderEndpoints.siteRead.path]) {
      expect(errorKey(await desk.call('GET', fillPath(path, { id: hoaOrder })), 403)).toBe('guardian_consent_required');
      expect(resultOf<{ userId: string }>(await desk.call('GET', fillPath(path, { id: adultOrder }))).userId).toBe(
        adult.id,
      );
    }
    const reviews = await waitingReviews();
    expect(reviews).toContain(adult.id);
    expect(reviews).not.toContain(hoa.id);
    const firstPage = resultOf<{ userId: string }[]>(await desk.call('GET', `${kycEndpoints.reviewList.path}?limit=1`));
    expect(firstPage.map((r) => r.userId)).toEqual([adult.id]);
    // Waiting, she reaches the back office no more, and nobody makes her a member again.
    expect(errorKey(await hoa.call('GET', adultProfile), 403)).toBe('guardian_consent_required');
    expect(errorKey(await desk.call('POST', members, { kind: 'user', id: hoa.id }), 403)).toBe(
      'guardian_consent_required',
    );
    resultOf(await desk.call('POST', members, { kind: 'user', id: adult.id }));
    resultOf(await desk.call('POST', members, { kind: 'client', id: SHOP.client_id }));

    // The guardian consents: all of it answers again.
    await consentGiven(hoa.id, 'hoa.parent@example.com', new Date(), new Date());
    expect(
      resultOf<{ userId: string }>(await desk.call('GET', fillPath(orderEndpoints.read.path, { id: hoaOrder }))).userId,
    ).toBe(hoa.id);
    expect(await waitingReviews()).toContain(hoa.id);
    resultOf(await desk.call('POST', members, { kind: 'user', id: hoa.id }));
    expect((await hoa.call('GET', adultProfile)).statusCode).toBe(200);
  });

  it("asks no child's agreement under CHILD_CONSENT_AGE, none at all from 16, and keeps one child's token from another", async () => {
    const lan = await child('lan-child@example.com', 6);
    expect(
      resultOf<{ childAgreement: boolean }>(await lan.call('GET', guardianEndpoints.status.path)).childAgreement,
    ).toBe(false);
    resultOf(await lan.call('POST', guardianEndpoints.ask.path, { guardian: '0912345670' }));
    await queuedSendsDone();

    // A product's tokens from before the birth date said "child" stop working (refresh, userinfo).
    const adult = await signedInUser(t, { email: 'was-adult@example.com' });
    const { flow, tokens } = await signInWithPassword(
      t.app,
      { username: 'was-adult@example.com', password: TEST_PASSWORD },
      { ...learn, scope: 'openid offline_access' },
    );
    expect(tokens.refresh_token).toBeTruthy();
    await t.deps.database.db
      .update(users)
      .set({ birthdate: bornYearsAgo(13) })
      .where(eq(users.id, adult.id));
    const refused = await refresh(t.app, flow, tokens.refresh_token ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
    const info = await t.app.inject({ method: 'GET', url: '/oidc/me', headers: bearer(tokens.access_token) });
    expect(info.statusCode).toBe(401);

    // Sixteen today: the account carries on by itself.
    const an = await child('an-teen@example.com', 16);
    expect(resultOf<{ awaits_guardian: boolean }>(await an.call('GET', accountEndpoints.me.path)).awaits_guardian).toBe(
      false,
    );
    resultOf(await an.call('GET', profileEndpoints.get.path));
    // An old withdrawal link of a request made before the sixteenth birthday no longer deletes it.
    const asked = { userId: an.id, guardian: 'old.parent@example.com', askedAt: new Date(), childAgreedAt: null };
    await saveGuardianAsked(t.deps.database.db, asked);
    const oldLink = createGuardianRule(t.deps).withdrawalToken(asked);
    expect(errorKey(await postJson(t.app, guardianEndpoints.withdraw.path, { token: oldLink }))).toBe(
      'guardian_link_invalid',
    );
    expect(errorKey(await an.call('POST', guardianEndpoints.ask.path, { guardian: 'x.parent@example.com' }))).toBe(
      'guardian_not_needed',
    );

    // Another child's code for the same guardian does not open Lan's request.
    const binh = await child('binh-child@example.com', 10);
    resultOf(await binh.call('POST', guardianEndpoints.ask.path, { guardian: '0912345671', childAgrees: true }));
    const [sms] = await listOutboxMessages(t.deps.database.db, '0912345671', 1);
    expect(
      errorKey(
        await postJson(t.app, guardianEndpoints.check.path, { child: lan.id, guardian: '0912345671', otp: sms?.code }),
      ),
    ).toBe('otp_invalid');
    expect(
      resultOf<{ awaits_guardian: boolean }>(await lan.call('GET', accountEndpoints.me.path)).awaits_guardian,
    ).toBe(true);
  });

  it('erases a child account nobody consented for GUARDIAN_WAIT_DAYS after its wait began, and no other', async () => {
    const db = t.deps.database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const job = abandonedChildrenJob(t.deps);
    const live = async (id: string) => !(await db.select().from(users).where(eq(users.id, id)))[0]?.deletedAt;
    /** The account last changed, and its wait first noted, `days` ago. */
    const waitedSince = async (id: string, days: number) => {
      await db
        .update(users)
        .set({ createdAt: daysAgo(days), updatedAt: daysAgo(days) })
        .where(eq(users.id, id));
      await db
        .update(guardianWaits)
        .set({ since: daysAgo(days) })
        .where(eq(guardianWaits.userId, id));
    };
    // The page says until when.
    const fresh = await child('wait-fresh@example.com', 11);
    const { deleteOn } = resultOf<{ deleteOn: string }>(await fresh.call('GET', guardianEndpoints.status.path));
    expect(Math.round((Date.parse(deleteOn) - Date.now()) / 86_400_000)).toBe(t.deps.config.GUARDIAN_WAIT_DAYS);

    // An account waiting long before the rule erases anything: noted now, so it gets the whole time.
    const older = await child('wait-older@example.com', 11);
    await db
      .update(users)
      .set({ createdAt: daysAgo(400), updatedAt: daysAgo(400) })
      .where(eq(users.id, older.id));
    const forgotten = await child('wait-forgotten@example.com', 11);
    const askedLately = await child('wait-asked@example.com', 11);
    const consented = await child('wait-consented@example.com', 11);
    const adult = await signedInUser(t, { email: 'wait-adult@example.com' });
    const first = await job.run(db);
    expect(first.due).toBe(0);
    expect(first.noted).toBeGreaterThanOrEqual(5);
    expect(await live(older.id)).toBe(true);

    // A month on.
    for (const who of [forgotten, askedLately, consented]) await waitedSince(who.id, 31);
    await db
      .update(users)
      .set({ updatedAt: daysAgo(400) })
      .where(eq(users.id, adult.id));
    await saveGuardianAsked(db, {
      userId: askedLately.id,
      guardian: 'late.parent@example.com',
      askedAt: daysAgo(2),
      childAgreedAt: null,
    });
    await consentGiven(consented.id, 'yes.parent@example.com', daysAgo(40), daysAgo(39));
    expect(await job.run(db)).toMatchObject({ due: 1 });
    await queuedSendsDone();
    expect(await live(forgotten.id)).toBe(false);
    for (const kept of [fresh, older, askedLately, consented, adult]) expect(await live(kept.id)).toBe(true);
    expect((await forgotten.call('GET', accountEndpoints.me.path)).statusCode).toBe(401);
    expect(await db.select().from(guardianWaits).where(eq(guardianWaits.userId, forgotten.id))).toEqual([]);
    expect(await job.run(db)).toMatchObject({ due: 0 });

    // Found due, but the guardian consents before the erasure's transaction: the account stays.
    const saved = await child('wait-saved@example.com', 11);
    await job.run(db);
    await waitedSince(saved.id, 31);
    await consentGiven(saved.id, 'p@example.com', daysAgo(40), new Date());
    expect(await eraseAbandonedChild(t.deps, saved.id)).toBe(false);
    expect(await live(saved.id)).toBe(true);
  });
});
