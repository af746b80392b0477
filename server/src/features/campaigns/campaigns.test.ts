import {
  type AdminCampaign,
  type AuditEntry,
  adminEndpoints,
  authEndpoints,
  campaignEndpoints as E,
  fillPath,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../modules/permissions/index.js';
import { errorKey, fieldErrors, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { postJson, startAuthorization } from '../../testing/oidc-flow.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const HOUR = 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('sign-in campaigns in the admin console', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '1000' });
  let admin: SignedInUser;
  let person: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser(t, { email: 'campaign-admin@example.com', steppedUp: true });
    await addMember(t.deps.database.db, 'administrators', 'user', admin.id);
    person = await signedInUser(t, { email: 'campaign-person@example.com' });
  });

  /** What the login answer tells the page about the campaign a sign-in link names. */
  const shownAtSignIn = async (id: number) => {
    const flow = await startAuthorization(t.app);
    const res = await postJson(t.app, `${authEndpoints.login.path}?campaignId=${id}`, {
      username: 'campaign-person@example.com',
      password: TEST_PASSWORD,
      returnUrl: flow.returnUrl,
    });
    return resultOf<{ userCampagin: unknown }>(res).userCampagin;
  };
  const create = (body: Record<string, unknown>) => admin.call('POST', E.create.path, body);
  const update = (id: number, body: Record<string, unknown>) =>
    admin.call('PUT', fillPath(E.update.path, { id }), body);

  it('checks the address a campaign sends people to, and sanitizes a popup', async () => {
    for (const data of [
      'javascript:alert(1)',
      'http://example.com/offer',
      'https://user:pass@example.com/',
      'ftp://example.com/',
      'not a url',
    ])
      expect(fieldErrors(await create({ name: 'X', loggedInAction: 1, data })).data, data).toEqual([
        'admin_campaign_url_invalid',
      ]);
    expect(fieldErrors(await create({ name: ' ', loggedInAction: 1, data: 'https://example.com' })).name).toEqual([
      'admin_campaign_name_required',
    ]);
    const window = { startsAt: at(2 * HOUR), endsAt: at(HOUR) };
    expect(
      fieldErrors(await create({ name: 'X', loggedInAction: 1, data: 'https://example.com', ...window })).endsAt,
    ).toEqual(['admin_campaign_window_invalid']);
    const popup = resultOf<AdminCampaign>(
      await create({ name: 'Chào', loggedInAction: 2, data: '<p onclick="x()">Chào<script>alert(1)</script></p>' }),
    );
    expect(popup).toMatchObject({ data: '<p>Chào</p>', state: 'running', active: true });
    expect(popup.loginUrl).toBe(`http://localhost:3000/login?campaignId=${popup.id}`);
    expect(await shownAtSignIn(popup.id)).toEqual({ loggedInAction: 2, data: '<p>Chào</p>' });
    // Nothing left once sanitized: refused, never an empty popup.
    expect(fieldErrors(await create({ name: 'X', loggedInAction: 2, data: '<script>alert(1)</script>' })).data).toEqual(
      ['admin_campaign_data_required'],
    );
  });

  it('shows a campaign only inside its window and while on', async () => {
    const made = resultOf<AdminCampaign>(
      await create({ name: 'Khai giảng', loggedInAction: 1, data: 'https://school.example/offer', startsAt: at(HOUR) }),
    );
    expect(made.state).toBe('scheduled');
    expect(await shownAtSignIn(made.id)).toBeNull();

    const fields = { name: 'Khai giảng', loggedInAction: 1, data: 'https://school.example/offer' };
    expect(
      resultOf<AdminCampaign>(await update(made.id, { ...fields, startsAt: at(-HOUR), endsAt: at(HOUR) })).state,
    ).toBe('running');
    expect(await shownAtSignIn(made.id)).toEqual({ loggedInAction: 1, data: 'https://school.example/offer' });
    expect(resultOf<AdminCampaign>(await update(made.id, { ...fields, active: false })).state).toBe('off');
    expect(await shownAtSignIn(made.id)).toBeNull();
    expect(
      resultOf<AdminCampaign>(await update(made.id, { ...fields, endsAt: at(-1000), startsAt: at(-HOUR) })).state,
    ).toBe('ended');
    expect(await shownAtSignIn(made.id)).toBeNull();
    expect(errorKey(await update(999_999, fields), 404)).toBe('not_found');

    const list = resultOf<AdminCampaign[]>(await admin.call('GET', E.list.path));
    expect(list[0]?.id).toBe(made.id);
    const audit = resultOf<{ rows: AuditEntry[] }>(
      await admin.call('GET', `${adminEndpoints.audit.path}?targetId=${made.id}`),
    );
    expect(audit.rows.map((r) => [r.action, r.targetKind])).toEqual([
      ['campaign_update', 'campaign'],
      ['campaign_update', 'campaign'],
      ['campaign_update', 'campaign'],
      ['campaign_create', 'campaign'],
    ]);
  });

  it('is the permission holders’ alone, and each change needs the step-up', async () => {
    expect(errorKey(await person.call('GET', E.list.path), 403)).toBe('forbidden');
    expect(errorKey(await person.call('POST', E.create.path, {}), 403)).toBe('forbidden');
    const unproven = await signedInUser(t, { email: 'campaign-unproven@example.com' });
    await addMember(t.deps.database.db, 'administrators', 'user', unproven.id);
    expect(
      errorKey(
        await unproven.call('POST', E.create.path, { name: 'X', loggedInAction: 1, data: 'https://example.com' }),
        403,
      ),
    ).toBe('step_up_required');
  });
});
