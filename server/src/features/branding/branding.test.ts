import {
  type AdminBrand,
  type AuditEntry,
  adminEndpoints,
  authEndpoints,
  type BrandData,
  brandingEndpoints as E,
  fillPath,
  type InteractionDetails,
} from '@portico/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationBlocks } from '../../db/schema.js';
import { addMember } from '../../modules/permissions/index.js';
import { errorKey, resultOf, type SignedInUser, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { multipart } from '../../testing/multipart.js';
import { startAuthorization } from '../../testing/oidc-flow.js';

const png = () =>
  sharp({ create: { width: 900, height: 300, channels: 4, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('branding per product', () => {
  const t = useTestApp({ OTP_SENDS_PER_IP: '1000', PRODUCT_NAME: 'Portico' });
  let admin: SignedInUser;
  const brandPath = (blockId: string) => fillPath(E.put.path, { blockId });
  const logoPath = (blockId: string, language: string) => fillPath(E.logo.path, { blockId, language });
  const commonData = async (query: string, locale?: string) => {
    const res = await t.app.inject({
      url: `${E.commonData.path}${query}`,
      headers: locale ? { 'accept-language': locale } : {},
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    return resultOf<{ data: BrandData }>(res).data;
  };
  const upload = async (blockId: string, language: string, data: Buffer) => {
    const body = multipart(data, 'logo.png', 'image/png');
    return admin.call('POST', logoPath(blockId, language), body.payload, body.headers);
  };

  beforeAll(async () => {
    admin = await signedInUser(t, { email: 'brand-admin@example.com', steppedUp: true });
    await addMember(t.deps.database.db, 'administrators', 'user', admin.id);
    await t.deps.database.db.insert(notificationBlocks).values([
      { id: 'lms', name: 'LMS', titleVi: 'Học trực tuyến', titleEn: 'Online learning' },
      { id: 'shop', name: 'Shop', titleVi: 'Cửa hàng', titleEn: 'Shop' },
    ]);
  });

  it("answers the portal's banner for no block, an unknown block, or a block without a brand", async () => {
    const portal = { name: 'Portico', logo: null };
    expect(await commonData('')).toEqual({ 'vi-VN': { banner: portal }, 'en-US': { banner: portal } });
    expect(await commonData('?block=nowhere&code=banner')).toEqual(await commonData(''));
    expect(await commonData('?block=lms')).toEqual(await commonData(''));
    expect((await t.app.inject({ url: `${E.commonData.path}?code=menu` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${E.commonData.path}?block=%3Cscript%3E` })).statusCode).toBe(400);
  });

  it('an operator names a block and uploads its logos; the banner and a sign-in for its client show them', async () => {
    const stranger = await signedInUser(t, { email: 'brand-stranger@example.com', steppedUp: true });
    expect(errorKey(await stranger.call('PUT', brandPath('lms'), { nameVi: 'X' }), 403)).toBe('forbidden');
    expect(errorKey(await admin.call('PUT', brandPath('nowhere'), { nameVi: 'X' }), 404)).toBe('not_found');
    expect(errorKey(await admin.call('PUT', brandPath('lms'), { nameVi: '  ' }))).toBe('admin_brand_name_required');
    // A logo needs a name first; and an image, by its content.
    expect(errorKey(await upload('lms', 'vi', await png()), 409)).toBe('admin_brand_name_first');

    const named = resultOf<AdminBrand>(await admin.call('PUT', brandPath('lms'), { nameVi: 'Học Vui', nameEn: null }));
    expect(named).toMatchObject({ blockId: 'lms', blockTitle: 'Học trực tuyến', nameVi: 'Học Vui', logoVi: null });
    expect(errorKey(await upload('lms', 'vi', Buffer.from('<svg onload=alert(1)>')))).toBe('invalid_image');
    const withLogo = resultOf<AdminBrand>(await upload('lms', 'vi', await png()));
    expect(withLogo.logoVi).toMatch(/^http:\/\/localhost:3000\/uploads\/[\w-]+\.png$/);
    const served = await t.app.inject({ url: new URL(withLogo.logoVi ?? '').pathname });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBeLessThanOrEqual(512);

    // English falls back to the Vietnamese until it has its own.
    const vi = { name: 'Học Vui', logo: withLogo.logoVi };
    expect(await commonData('?block=lms')).toEqual({ 'vi-VN': { banner: vi }, 'en-US': { banner: vi } });
    resultOf(await admin.call('PUT', brandPath('lms'), { nameVi: 'Học Vui', nameEn: 'Fun Learning' }));
    const en = resultOf<AdminBrand>(await upload('lms', 'en', await png()));
    expect((await commonData('?block=lms'))['en-US'].banner).toEqual({ name: 'Fun Learning', logo: en.logoEn });

    // A client of that block: its sign-in's details carry the brand (the login page's banner).
    resultOf(
      await admin.call('POST', adminEndpoints.createClient.path, {
        clientId: 'lms-web',
        name: 'LMS',
        redirectUris: ['http://localhost:4000/cb'],
        grantTypes: ['authorization_code'],
        scopes: ['openid'],
        tokenAuth: 'none',
        blockId: 'lms',
      }),
    );
    const flow = await startAuthorization(t.app, { clientId: 'lms-web', redirectUri: 'http://localhost:4000/cb' });
    const details = resultOf<InteractionDetails>(
      await t.app.inject({ url: fillPath(authEndpoints.interaction.path, { uid: flow.uid }) }),
    );
    expect(details.client.blockId).toBe('lms');
    expect(details.brand['vi-VN'].banner).toEqual(vi);
    const portalFlow = await startAuthorization(t.app);
    const portal = resultOf<InteractionDetails>(
      await t.app.inject({ url: fillPath(authEndpoints.interaction.path, { uid: portalFlow.uid }) }),
    );
    expect(portal.brand['vi-VN'].banner).toEqual({ name: 'Portico', logo: null });

    const list = resultOf<AdminBrand[]>(await admin.call('GET', E.list.path));
    expect(list.map((b) => [b.blockId, b.nameVi])).toEqual([
      ['lms', 'Học Vui'],
      ['shop', null],
    ]);
  });

  it('removes a brand and its logo files; every change is audited and needs the step-up', async () => {
    resultOf(await admin.call('PUT', brandPath('shop'), { nameVi: 'Cửa Hàng Sách' }));
    const brand = resultOf<AdminBrand>(await upload('shop', 'vi', await png()));
    const removed = resultOf<AdminBrand>(await admin.call('DELETE', brandPath('shop')));
    expect(removed).toMatchObject({ nameVi: null, logoVi: null });
    expect(await commonData('?block=shop')).toEqual(await commonData(''));
    // The file goes after the change holds (removed in the background).
    await expect
      .poll(async () => (await t.app.inject({ url: new URL(brand.logoVi ?? '').pathname })).statusCode)
      .toBe(404);
    expect(errorKey(await admin.call('DELETE', brandPath('shop')), 404)).toBe('not_found');

    const audit = resultOf<{ rows: AuditEntry[] }>(
      await admin.call('GET', `${adminEndpoints.audit.path}?targetId=shop`),
    );
    expect(audit.rows.map((r) => [r.action, r.targetKind])).toEqual([
      ['brand_remove', 'block'],
      ['brand_logo', 'block'],
      ['brand_put', 'block'],
    ]);
    const unproven = await signedInUser(t, { email: 'brand-unproven@example.com' });
    await addMember(t.deps.database.db, 'administrators', 'user', unproven.id);
    expect(errorKey(await unproven.call('PUT', brandPath('shop'), { nameVi: 'X' }), 403)).toBe('step_up_required');
    expect(resultOf<AdminBrand[]>(await unproven.call('GET', E.list.path))).toHaveLength(2);
  });
});
