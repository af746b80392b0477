import {
  deleteAccountEndpoints,
  profilesEndpoints as E,
  fillPath,
  type Lookup,
  lookupsEndpoints,
  type ProfileCard,
  type ProfileInput,
  type UserProfile,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { privateFiles, userProfiles } from '../../db/schema.js';
import {
  errorKey,
  expectBearerRequired,
  fieldErrors,
  resultOf,
  type SignedInUser,
  signedInUser,
} from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';
import { multipart } from '../../testing/multipart.js';
import { TEST_PASSWORD } from '../../testing/users.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const at = (id: number) => fillPath(E.get.path, { userProfileId: id });

describe('named profiles', () => {
  const t = useTestApp();
  let school: Lookup;
  let excellent: Lookup;
  beforeAll(async () => {
    const reader = await signedInUser(t, { email: 'profiles-reader@example.com' });
    const first = async (query: string) =>
      resultOf<Lookup[]>(await reader.call('GET', `${lookupsEndpoints.search.path}?${query}`))[0]!;
    school = await first('kind=school&q=bach%20khoa%20ha%20noi');
    excellent = await first('kind=classification&q=xuat%20sac');
  });

  const upload = (who: SignedInUser, url: string, data: Buffer, name: string) => {
    const body = multipart(data, name);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${who.tokens.access_token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const form = (over: Partial<ProfileInput> = {}): ProfileInput => ({
    displayName: 'Cô Lan',
    role: 'Giáo viên Toán',
    blockIds: ['lms'],
    educationList: [
      {
        level: 'university',
        school: { value: school.id, text: '' },
        major: 'Toán học',
        type: 'full_time',
        classification: excellent.id,
        startDate: '2010-09',
        endDate: '2014-06',
        isStudying: false,
        grade: null,
        className: '',
      },
    ],
    experienceList: [
      {
        roleName: 'Giáo viên',
        company: 'THPT Chu Văn An',
        startDate: '2014-09',
        endDate: null,
        address: 'Hà Nội',
        isWorking: true,
      },
    ],
    certificationList: [],
    referenceList: [
      {
        fullName: 'Nguyễn Văn B',
        company: 'THPT',
        reference: 'Hiệu trưởng',
        phoneNumber: '0912345678',
        roleName: 'Hiệu trưởng',
      },
    ],
    ...over,
  });

  it('creates profiles (the first is the default), edits one whole, makes another the default, deletes', async () => {
    const a = await signedInUser(t, { email: 'profiles-a@example.com' });
    expect(errorKey(await a.call('POST', E.create.path, { displayName: ' ' }))).toBe('profile_name_required');
    expect(fieldErrors(await a.call('POST', E.create.path, { displayName: '' }))).toEqual({
      displayName: ['profile_name_required'],
    });
    const first = resultOf<{ id: number }>(await a.call('POST', E.create.path, { displayName: 'Học sinh' }));
    const second = resultOf<{ id: number }>(
      await a.call('POST', E.create.path, { displayName: 'Giáo viên', role: 'Dạy Toán' }),
    );
    let cards = resultOf<ProfileCard[]>(await a.call('GET', E.list.path));
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);

    const file = resultOf<{ fileId: string; url: string; fileName: string }>(
      await upload(a, E.uploadFile.path, PDF, 'bang-tot-nghiep.pdf'),
    );
    expect(file.fileName).toBe('bang-tot-nghiep.pdf');
    const saved = resultOf<UserProfile>(
      await a.call(
        'PUT',
        at(second.id),
        form({
          certificationList: [
            {
              certificationName: 'IELTS',
              classification: '7.5',
              certificateDate: '2020-05-01',
              placeOfIssue: 'British Council',
              fileId: file.fileId,
            },
          ],
        }),
      ),
    );
    expect(saved.educationList[0]).toMatchObject({
      school: { value: school.id, showText: school.name },
      classification: excellent.id,
      classificationText: 'Xuất sắc',
      id: expect.stringMatching(/^[a-f0-9]{16}$/),
    });
    expect(saved.experienceList[0]).toMatchObject({ isWorking: true, endDate: null });
    expect(saved.certificationList[0]).toMatchObject({ fileId: file.fileId, fileName: 'bang-tot-nghiep.pdf' });
    const served = await t.app.inject({
      url: saved.certificationList[0]!.fileUrl!.replace('http://localhost:3000', ''),
    });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    const english = resultOf<UserProfile>(
      await a.call('GET', at(second.id), undefined, { 'accept-language': 'en-US' }),
    );
    expect(english.educationList[0]?.classificationText).toBe('Excellent');

    expect(resultOf(await a.call('PUT', fillPath(E.use.path, { userProfileId: second.id })))).toBe(true);
    cards = resultOf<ProfileCard[]>(await a.call('GET', E.list.path));
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(resultOf(await a.call('DELETE', at(first.id)))).toBe(true);
    // Deleting the default hands it on; deleting the last leaves none.
    const third = resultOf<{ id: number }>(await a.call('POST', E.create.path, { displayName: 'Phụ huynh' }));
    resultOf(await a.call('DELETE', at(second.id)));
    expect(resultOf<ProfileCard[]>(await a.call('GET', E.list.path))).toEqual([
      expect.objectContaining({ id: third.id, isDefault: true }),
    ]);
    // The deleted profile's certificate file went with it.
    expect(await t.deps.database.db.select().from(privateFiles).where(eq(privateFiles.userId, a.id))).toEqual([]);
  });

  it('refuses what the spec refuses, with its keys, and keeps one ongoing entry', async () => {
    const b = await signedInUser(t, { email: 'profiles-b@example.com' });
    const { id } = resultOf<{ id: number }>(await b.call('POST', E.create.path, { displayName: 'B' }));
    const refused = async (body: object) => {
      const res = await b.call('PUT', at(id), body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    const base = form();
    const education = base.educationList![0]!;
    expect((await refused({ ...base, displayName: '' })).errors).toEqual({
      displayName: ['address_fullname_required'],
    });
    const messages = async (body: object) => JSON.stringify(await refused(body));
    expect(await messages({ ...base, educationList: [{ ...education, level: undefined }] })).toContain(
      'userProfile_education_level_req',
    );
    expect(await messages({ ...base, educationList: [{ ...education, school: { value: null, text: '' } }] })).toContain(
      'userProfile_education_school_req',
    );
    expect(await messages({ ...base, educationList: [{ ...education, classification: null }] })).toContain(
      'userProfile_education_classification_req',
    );
    expect(
      await messages({ ...base, referenceList: [{ ...base.referenceList![0]!, phoneNumber: '12345' }] }),
    ).toContain('invalid_phone_number');
    expect(
      await messages({ ...base, educationList: [{ ...education, startDate: '2015-01', endDate: '2014-01' }] }),
    ).toContain('userProfile_end_before_start');
    expect(
      errorKey(await b.call('PUT', at(id), form({ educationList: [{ ...education, classification: school.id }] }))),
    ).toBe('userProfile_lookup_invalid');
    expect(
      errorKey(
        await b.call('PUT', at(id), form({ certificationList: [{ certificationName: 'X', fileId: 'a'.repeat(32) }] })),
      ),
    ).toBe('userProfile_file_invalid');
    expect(errorKey(await upload(b, E.uploadFile.path, Buffer.from('<html>'), 'x.pdf'))).toBe(
      'userProfile_file_invalid',
    );
    // Two ongoing studies: the first stays ongoing (and has no end), the other does not.
    const two = resultOf<UserProfile>(
      await b.call(
        'PUT',
        at(id),
        form({
          educationList: [
            { ...education, isStudying: true },
            { ...education, isStudying: true, grade: 10 },
          ],
        }),
      ),
    );
    expect(two.educationList.map((e) => [e.isStudying, e.endDate])).toEqual([
      [true, null],
      [false, '2014-06'],
    ]);
    expect((await b.call('PUT', at(id), { ...base, educationList: 'x\u0000' })).statusCode).toBe(400);
    // A lone surrogate can be held by no jsonb column: refused at the door, never a 500.
    expect(errorKey(await b.call('PUT', at(id), { ...base, role: 'x\ud800' }))).toBe('invalid_input');
  });

  it('another person can neither read, change, use, delete nor dress up a profile; nor use its files', async () => {
    const owner = await signedInUser(t, { email: 'profiles-owner@example.com' });
    const other = await signedInUser(t, { email: 'profiles-other@example.com' });
    const { id } = resultOf<{ id: number }>(await owner.call('POST', E.create.path, { displayName: 'Mine' }));
    const file = resultOf<{ fileId: string }>(await upload(owner, E.uploadFile.path, PDF, 'a.pdf'));
    resultOf(await other.call('POST', E.create.path, { displayName: 'Theirs' }));
    expect(errorKey(await other.call('GET', at(id)), 404)).toBe('not_found');
    expect(errorKey(await other.call('PUT', at(id), form()), 404)).toBe('not_found');
    expect(errorKey(await other.call('PUT', fillPath(E.use.path, { userProfileId: id })), 404)).toBe('not_found');
    expect(errorKey(await other.call('DELETE', at(id)), 404)).toBe('not_found');
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    expect(errorKey(await upload(other, fillPath(E.avatar.path, { userProfileId: id }), photo, 'a.png'), 404)).toBe(
      'not_found',
    );
    const theirs = resultOf<ProfileCard[]>(await other.call('GET', E.list.path));
    expect(
      errorKey(
        await other.call(
          'PUT',
          at(theirs[0]!.id),
          form({ certificationList: [{ certificationName: 'X', fileId: file.fileId }] }),
        ),
      ),
    ).toBe('userProfile_file_invalid');
    const avatar = resultOf<{ avatar: string }>(
      await upload(owner, fillPath(E.avatar.path, { userProfileId: id }), photo, 'a.png'),
    );
    expect(avatar.avatar).toMatch(/\/uploads\/[a-f0-9]{32}\.(png|jpg)$/);
    expect(resultOf<UserProfile>(await owner.call('GET', at(id))).avatar).toBe(avatar.avatar);
  });

  it('erases the profiles and their files with the account', async () => {
    const d = await signedInUser(t, { email: 'profiles-d@example.com', steppedUp: true });
    const { id } = resultOf<{ id: number }>(await d.call('POST', E.create.path, { displayName: 'D' }));
    const file = resultOf<{ fileId: string }>(await upload(d, E.uploadFile.path, PDF, 'd.pdf'));
    resultOf(
      await d.call('PUT', at(id), form({ certificationList: [{ certificationName: 'D', fileId: file.fileId }] })),
    );
    resultOf(await d.call('DELETE', deleteAccountEndpoints.remove.path, { confirm: true, password: TEST_PASSWORD }));
    expect(await t.deps.database.db.select().from(userProfiles).where(eq(userProfiles.userId, d.id))).toEqual([]);
    expect(await t.deps.database.db.select().from(privateFiles).where(eq(privateFiles.userId, d.id))).toEqual([]);
  });

  it('needs the bearer token', async () => {
    await expectBearerRequired(t, { list: E.list, create: E.create }, { displayName: 'x' });
  });
});
