import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type GeneralProfile, profileEndpoints as PE, type UserClaim } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activityLogs, userClaims as userClaimsTable, users } from '../../db/schema.js';
import { errorKey, expectBearerRequired, fieldErrors, resultOf, signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { multipart } from '../../testing/multipart.js';
import { userinfoAfterSignIn } from '../../testing/sessions.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e1e0a30000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/** A real 40 x 30 image of a type, made by the same library the server uses. */
const image = (type: 'gif' | 'jpeg' | 'png') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .toFormat(type)
    .toBuffer();

/** A PNG whose header says width x height, with a tiny (broken) body: a decompression bomb's shape. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const validInfo = {
  firstName: 'An',
  lastName: 'Nguyen',
  birthdate: '1990-05-17',
  gender: 2,
  identification: '012345678901',
  maritalStatus: 2,
  languageId: 'en-US',
  timezone: 'Asia/Tokyo',
  bio: '<p>Hello <b>world</b><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a></p>',
};

describe('personal info, claims, avatar and language', () => {
  const t = useTestApp({
    LOGIN_CAPTCHA_AFTER_FAILURES: '1000',
    AVATAR_MAX_BYTES: '10000',
    AVATAR_UPLOADS_PER_HOUR: '30',
  });
  const db = () => t.deps.database.db;

  it('reads the general profile with labels in the reader language', async () => {
    const a = await signedInUser(t, { email: 'info-read@example.com', firstName: 'Lan' });
    await db().update(users).set({ gender: 1, maritalStatus: 1, birthdate: '1991-02-03' }).where(eq(users.id, a.id));
    const vi = resultOf<GeneralProfile>(await a.call('GET', PE.get.path));
    expect(vi).toMatchObject({
      id: a.id,
      firstName: 'Lan',
      lastName: 'User',
      birthdate: '1991-02-03',
      gender: 1,
      genderText: 'Nam',
      maritalStatus: 1,
      maritalStatusText: 'Độc thân',
      languageId: 'vi-VN',
      languageText: 'Tiếng Việt',
      timezone: 'Asia/Saigon',
      bio: '',
      avatar: null,
      userClaims: [],
    });
    const en = resultOf<GeneralProfile>(await a.call('GET', PE.get.path, undefined, { 'accept-language': 'en-US' }));
    expect(en).toMatchObject({ genderText: 'Male', maritalStatusText: 'Single' });
  });

  it('validates the edit form with the spec keys', async () => {
    const a = await signedInUser(t, { email: 'info-rules@example.com' });
    const put = (body: Record<string, unknown>) => a.call('PUT', PE.update.path, { ...validInfo, ...body });
    const year = new Date().getFullYear();
    expect(
      fieldErrors(await put({ firstName: ' ', lastName: '', languageId: '', gender: null, birthdate: '' })),
    ).toEqual({
      firstName: ['error_first_name_empty'],
      lastName: ['error_last_name_empty'],
      languageId: ['error_language_empty'],
      gender: ['error_gender_empty'],
      birthdate: ['error_birth_date_empty'],
    });
    expect(errorKey(await put({ birthdate: '1899-12-31' }))).toBe('error_birth_year_invalid');
    expect(errorKey(await put({ birthdate: `${year - 2}-01-01` }))).toBe('error_birth_year_invalid');
    expect(errorKey(await put({ birthdate: '1990-02-30' }))).toBe('error_birth_date_invalid');
    resultOf(await put({ birthdate: '1900-01-01' }));
    expect(errorKey(await put({ identification: '1234567' }))).toBe('invalid_identification');
    expect(errorKey(await put({ identification: '1234567890123' }))).toBe('invalid_identification');
    resultOf(await put({ identification: '12345678' }));
    resultOf(await put({ identification: '' }));
    expect(errorKey(await put({ languageId: 'fr-FR' }))).toBe('error_language_empty');
    expect(errorKey(await put({ gender: 9 }))).toBe('error_gender_empty');
    expect(errorKey(await put({ timezone: 'Mars/Olympus' }))).toBe('invalid_timezone');
    expect(errorKey(await put({ maritalStatus: 7 }))).toBe('invalid_marital_status');
    expect(errorKey(await put({ firstName: 'x'.repeat(51) }))).toBe('error_name_too_long');
    // The youngest birth date the form takes; it makes a child, whose account then waits for a
    // guardian (docs/children.md) and can no longer change its birth date back by itself.
    resultOf(await put({ birthdate: `${year - 3}-12-31` }));
    expect(errorKey(await put({ birthdate: '1990-01-01' }), 403)).toBe('guardian_consent_required');
  });

  it('saves the info: bio sanitized, language and time zone as claims, the OIDC claims follow', async () => {
    const a = await signedInUser(t, { email: 'info-save@example.com' });
    const saved = resultOf<GeneralProfile>(await a.call('PUT', PE.update.path, validInfo));
    expect(saved).toMatchObject({
      firstName: 'An',
      lastName: 'Nguyen',
      birthdate: '1990-05-17',
      gender: 2,
      identification: '012345678901',
      languageId: 'en-US',
      timezone: 'Asia/Tokyo',
    });
    expect(saved.bio).toBe('<p>Hello <b>world</b><a rel="noopener noreferrer nofollow" target="_blank">x</a></p>');
    expect(saved.userClaims.map((c) => [c.claimType, c.claimValue])).toEqual([
      ['default_language', 'en-US'],
      ['default_timezone', 'Asia/Tokyo'],
    ]);
    // A new sign-in's userinfo shows the new name, locale and zone.
    expect(await userinfoAfterSignIn(t, 'info-save@example.com')).toMatchObject({
      name: 'An Nguyen',
      given_name: 'An',
      family_name: 'Nguyen',
      locale: 'en-US',
      zoneinfo: 'Asia/Tokyo',
    });
    const log = await db().select().from(activityLogs).where(eq(activityLogs.userId, a.id));
    expect(log.map((l) => l.action)).toContain('activity_profile_updated');
  });

  it('creates and updates the default language and time-zone claims; refuses others', async () => {
    const a = await signedInUser(t, { email: 'claims@example.com' });
    const created = resultOf<UserClaim>(
      await a.call('POST', PE.createClaim.path, { ClaimType: 'default_timezone', ClaimValue: 'Europe/Paris' }),
    );
    expect(created).toMatchObject({ claimType: 'default_timezone', claimValue: 'Europe/Paris' });
    const updated = resultOf<UserClaim>(
      await a.call('PUT', PE.updateClaim.path, {
        id: created.id,
        ClaimType: 'default_timezone',
        ClaimValue: 'Asia/Saigon',
      }),
    );
    expect(updated).toEqual({ ...created, claimValue: 'Asia/Saigon' });
    resultOf(await a.call('POST', PE.createClaim.path, { ClaimType: 'default_language', ClaimValue: 'en-US' }));
    const [row] = await db().select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ timezone: 'Asia/Saigon', languageId: 'en-US' });
    expect(
      errorKey(await a.call('POST', PE.createClaim.path, { ClaimType: 'default_language', ClaimValue: 'xx' })),
    ).toBe('error_language_empty');
    expect(
      errorKey(
        await a.call('POST', PE.createClaim.path, { ClaimType: 'default_timezone', ClaimValue: 'Nowhere/City' }),
      ),
    ).toBe('invalid_timezone');
    expect(
      errorKey(await a.call('POST', PE.createClaim.path, { ClaimType: 'email_recovery', ClaimValue: 'x@example.com' })),
    ).toBe('invalid_claim_type');
    // Another user cannot update this claim by its id.
    const b = await signedInUser(t, { email: 'claims-b@example.com' });
    expect(
      errorKey(
        await b.call('PUT', PE.updateClaim.path, {
          id: created.id,
          ClaimType: 'default_timezone',
          ClaimValue: 'Asia/Tokyo',
        }),
        404,
      ),
    ).toBe('not_found');
    expect(resultOf<GeneralProfile>(await b.call('GET', PE.get.path)).userClaims).toEqual([]);
    const [after] = await db().select().from(userClaimsTable).where(eq(userClaimsTable.id, created.id));
    expect(after?.claimValue).toBe('Asia/Saigon');
  });

  it('removes a Google or Facebook link claim of the user only, with the step-up proof', async () => {
    const a = await signedInUser(t, { email: 'link@example.com' });
    const b = await signedInUser(t, { email: 'link-b@example.com', steppedUp: true });
    const [google] = await db()
      .insert(userClaimsTable)
      .values({ userId: a.id, claimType: 'google_link', claimValue: 'google-sub-1' })
      .returning();
    expect(resultOf<GeneralProfile>(await a.call('GET', PE.get.path)).userClaims).toEqual([
      { id: google!.id, claimType: 'google_link', claimValue: 'google-sub-1' },
    ]);
    // Removing a way in needs a proof a stolen token lacks.
    expect(
      errorKey(await a.call('PUT', PE.cancelLinking.path, { claimId: google!.id, providerName: 'Google' }), 403),
    ).toBe('step_up_required');
    await a.stepUp();
    expect(
      errorKey(await b.call('PUT', PE.cancelLinking.path, { claimId: google!.id, providerName: 'Google' }), 404),
    ).toBe('not_found');
    expect(
      errorKey(await a.call('PUT', PE.cancelLinking.path, { claimId: google!.id, providerName: 'Facebook' }), 404),
    ).toBe('not_found');
    expect(errorKey(await a.call('PUT', PE.cancelLinking.path, { claimId: google!.id, providerName: 'Twitter' }))).toBe(
      'invalid_provider',
    );
    expect(resultOf(await a.call('PUT', PE.cancelLinking.path, { claimId: google!.id, providerName: 'Google' }))).toBe(
      true,
    );
    expect(resultOf<GeneralProfile>(await a.call('GET', PE.get.path)).userClaims).toEqual([]);
  });

  it('uploads an avatar checked by content, made anew, and serves it back; picture claim follows', async () => {
    const a = await signedInUser(t, { email: 'avatar@example.com' });
    const upload = (data: Buffer, name: string, type?: string) => {
      const body = multipart(data, name, type);
      return a.call('POST', PE.avatar.path, body.payload, body.headers);
    };
    // By content, not by name; a header alone (a PNG signature, a JPEG marker) is no image either.
    expect(errorKey(await upload(Buffer.from('<svg onload=alert(1)>'), 'evil.png', 'image/png'))).toBe('invalid_image');
    expect(errorKey(await upload(Buffer.from('MZ binary'), 'photo.jpg', 'image/jpeg'))).toBe('invalid_image');
    expect(errorKey(await upload(JPEG_HEADER, 'photo.jpg', 'image/jpeg'))).toBe('invalid_image');
    expect(errorKey(await upload(Buffer.concat([PNG, Buffer.alloc(20_000)]), 'big.png'), 413)).toBe('file_too_large');
    expect(errorKey(await a.call('POST', PE.avatar.path, { not: 'multipart' }))).toBe('invalid_image');

    const avatars: string[] = [];
    for (const [data, name, served] of [
      [await image('gif'), 'x.txt', 'image/png'],
      [await image('jpeg'), 'x.gif', 'image/jpeg'],
      [await image('png'), 'avatar', 'image/png'],
    ] as const) {
      const { avatar } = resultOf<{ avatar: string }>(await upload(data, name));
      expect(avatar).toMatch(/^http:\/\/localhost:3000\/uploads\/[a-f0-9]{32}\.(jpg|png)$/);
      const res = await t.app.inject({ url: new URL(avatar).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(served);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Never the uploaded bytes: what relying parties get was encoded here.
      expect(res.rawPayload.equals(data)).toBe(false);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(40);
      avatars.push(avatar);
    }
    // Replaced avatars are removed from storage.
    expect((await t.app.inject({ url: new URL(avatars[0]!).pathname })).statusCode).toBe(404);
    const profile = resultOf<GeneralProfile>(await a.call('GET', PE.get.path));
    expect(profile.avatar).toMatch(/\.png$/);
    expect((await userinfoAfterSignIn(t, 'avatar@example.com')).picture).toBe(profile.avatar);
    expect((await t.app.inject({ url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
  });

  it('drops EXIF and GPS, turns the photo upright and caps its size (issue 24 point 7)', async () => {
    const a = await signedInUser(t, { email: 'exif@example.com' });
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const body = multipart(photo, 'photo.jpg');
    const { avatar } = resultOf<{ avatar: string }>(await a.call('POST', PE.avatar.path, body.payload, body.headers));
    const stored = (await t.app.inject({ url: new URL(avatar).pathname })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Orientation 6 turned it a quarter: 800 x 1200, then at most 512 on the longest side.
    expect([meta.width, meta.height]).toEqual([341, 512]);
    expect(stored.includes(Buffer.from('Phone'))).toBe(false);
  });

  it('refuses a 30000 x 30000 PNG before decoding it', async () => {
    const a = await signedInUser(t, { email: 'bomb@example.com' });
    const body = multipart(pngHeader(30_000, 30_000), 'bomb.png');
    expect(errorKey(await a.call('POST', PE.avatar.path, body.payload, body.headers))).toBe('invalid_image');
  });

  it('parallel uploads leave one file, the avatar; uploads are limited per account', async () => {
    const a = await signedInUser(t, { email: 'race-avatar@example.com' });
    const files = await image('png');
    const send = () => {
      const body = multipart(files, 'a.png');
      return a.call('POST', PE.avatar.path, body.payload, body.headers);
    };
    // AVATAR_UPLOADS_PER_HOUR is 30 here: three rounds of 10 parallel uploads.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, send));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    }
    const stored = await readdir(path.join(t.deps.config.dataDir, 'uploads'));
    const avatar = resultOf<GeneralProfile>(await a.call('GET', PE.get.path)).avatar ?? '';
    const mine = stored.filter((f) => avatar.endsWith(f));
    expect(mine).toHaveLength(1);
    // Nothing else of this user's uploads is left: every other file belongs to another test's user.
    const others = await t.deps.database.db.select({ avatar: users.avatar }).from(users);
    const referenced = new Set(others.map((u) => u.avatar?.split('/').pop()));
    expect(stored.filter((f) => !referenced.has(f))).toEqual([]);
    expect(errorKey(await send(), 429)).toBe('too_many_requests');
  });

  it('sets the default language: users.language_id, the default_language claim and the locale claim', async () => {
    const a = await signedInUser(t, { email: 'lang@example.com' });
    expect(errorKey(await a.call('PUT', PE.language.path, { languageId: 'de-DE' }))).toBe('error_language_empty');
    expect(errorKey(await a.call('PUT', PE.language.path, {}))).toBe('error_language_empty');
    expect(resultOf(await a.call('PUT', PE.language.path, { languageId: 'en-US' }))).toEqual({ languageId: 'en-US' });
    const profile = resultOf<GeneralProfile>(await a.call('GET', PE.get.path));
    expect(profile.languageId).toBe('en-US');
    expect(profile.userClaims).toEqual([
      { id: expect.any(Number), claimType: 'default_language', claimValue: 'en-US' },
    ]);
    expect((await userinfoAfterSignIn(t, 'lang@example.com')).locale).toBe('en-US');
    // Another user's language is untouched.
    const b = await signedInUser(t, { email: 'lang-b@example.com' });
    expect(resultOf<GeneralProfile>(await b.call('GET', PE.get.path)).languageId).toBe('vi-VN');
  });

  it('every endpoint needs the bearer token', () => expectBearerRequired(t, PE));
});
