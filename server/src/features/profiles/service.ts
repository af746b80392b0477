import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_MAX_BYTES,
  type Locale,
  MAX_PROFILES,
  type ParsedInputOf,
  type ProfileCard,
  type profilesEndpoints,
  type UserProfile,
} from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound, tooMany } from '../../lib/errors.js';
import { createPrivateFiles, documentTypeOf } from '../../modules/files/index.js';
import { reencodeAvatar, storedUploadName } from '../../modules/images/index.js';
import { findLookups, type LookupRow } from '../../modules/lookups/index.js';
import { lockUser } from '../../modules/users/index.js';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  listProfiles,
  makeDefault,
  type ProfileRow,
  updateProfile,
} from './queries.js';

type E = typeof profilesEndpoints;
type Form = ParsedInputOf<E['update']>;
type Education = Form['educationList'][number];
type Certification = Form['certificationList'][number];
/** Uploads (avatars and certificates) one person may make in an hour. */
const UPLOADS_PER_HOUR = 30;

const newItemId = () => randomBytes(8).toString('hex');
/** Each entry keeps its id, or gets one (also when the id repeats one before it). */
function withIds<T extends { id?: string | undefined }>(items: readonly T[]) {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : newItemId();
    seen.add(id);
    return { ...item, id };
  });
}
/** spec §4: ticking isStudying (isWorking) clears it on the other entries; the first ticked stays, and an ongoing entry has no end. */
function oneOngoing<T extends { endDate: string | null }>(items: readonly T[], flag: keyof T & string): T[] {
  let seen = false;
  return items.map((item) => {
    if (!item[flag]) return item;
    if (seen) return { ...item, [flag]: false };
    seen = true;
    return { ...item, endDate: null };
  });
}
const lookupName = (row: LookupRow | undefined, locale: Locale) =>
  row ? (locale === 'en-US' && row.nameEn) || row.name : '';
const certificateFileIds = (row: Pick<ProfileRow, 'certifications'>) =>
  (row.certifications as Certification[]).map((c) => c.fileId).filter((id): id is string => !!id);

/**
 * Named profiles (issue 28 point 1): only the person's own are read or changed (another's id is
 * 404), one default (held by user_profiles_default_uq; the first profile is it), lists checked by
 * the contract, schools and classifications by the lookups, certificate files by ownership.
 */
export function createProfilesService(
  deps: Pick<AppDeps, 'database' | 'storage' | 'secrets' | 'config' | 'kv' | 'log'>,
) {
  const { db } = deps.database;
  const files = createPrivateFiles(deps);
  const dropPublic = async (url: string) => {
    const name = storedUploadName(url, deps.config.publicUrl);
    if (name)
      await deps.storage.remove(name).catch((err: unknown) => deps.log.warn({ err }, 'profile avatar not removed'));
  };
  const limitUploads = async (userId: string) => {
    if ((await deps.kv.incr(`profile:uploads:${userId}`, 3600)) > UPLOADS_PER_HOUR) throw tooMany();
  };

  async function whole(row: ProfileRow, locale: Locale): Promise<UserProfile> {
    const education = row.education as Education[];
    const certifications = row.certifications as Certification[];
    const ids = education.flatMap((e) => [e.school.value, e.classification]).filter((id): id is number => !!id);
    const [lookups, found] = await Promise.all([
      findLookups(db, [...new Set(ids)]),
      files.find(db, row.userId, 'certificate', certificateFileIds(row)),
    ]);
    const byId = new Map(lookups.map((l) => [l.id, l]));
    return {
      id: row.id,
      userId: row.userId,
      displayName: row.displayName,
      role: row.role,
      avatar: row.avatar,
      originalAvatar: row.originalAvatar,
      blockIds: row.blockIds as string[],
      isDefault: row.isDefault,
      educationList: education.map((e) => ({
        ...(e as Education & { id: string }),
        school: {
          value: e.school.value,
          text: e.school.text,
          showText: lookupName(e.school.value ? byId.get(e.school.value) : undefined, locale) || e.school.text,
        },
        classificationText: lookupName(e.classification ? byId.get(e.classification) : undefined, locale),
      })),
      experienceList: row.experience as UserProfile['experienceList'],
      certificationList: certifications.map((c) => {
        const file = found.find((f) => f.id === c.fileId);
        return {
          ...(c as Certification & { id: string }),
          fileUrl: file ? files.urlOf(file) : null,
          fileName: file ? file.fileName : null,
        };
      }),
      referenceList: row.references as UserProfile['referenceList'],
    };
  }

  /** Schools must be lookups of kind school, classifications of kind classification. */
  async function checkLookups(education: readonly Education[]) {
    const schools = education.map((e) => e.school.value).filter((id): id is number => !!id);
    const grades = education.map((e) => e.classification).filter((id): id is number => !!id);
    const rows = new Map((await findLookups(db, [...new Set([...schools, ...grades])])).map((r) => [r.id, r]));
    const ok =
      schools.every((id) => rows.get(id)?.kind === 'school') &&
      grades.every((id) => rows.get(id)?.kind === 'classification');
    if (!ok) throw badRequest('userProfile_lookup_invalid');
  }

  /** Certificate files no profile of the person names any more, of those `before` named: removed once committed. */
  async function pruneCertificates(tx: Db, userId: string, before: string[]) {
    if (!before.length) return [];
    const still = new Set((await listProfiles(tx, userId)).flatMap(certificateFileIds));
    return files.drop(
      tx,
      userId,
      'certificate',
      before.filter((id) => !still.has(id)),
    );
  }

  return {
    async list(userId: string): Promise<ProfileCard[]> {
      return (await listProfiles(db, userId)).map((p) => ({
        id: p.id,
        displayName: p.displayName,
        role: p.role,
        avatar: p.avatar,
        isDefault: p.isDefault,
      }));
    },

    async create(userId: string, { displayName, role }: ParsedInputOf<E['create']>) {
      const id = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const held = (await listProfiles(tx, userId)).length;
        if (held >= MAX_PROFILES) throw badRequest('profile_limit_reached');
        return insertProfile(tx, userId, { displayName, role }, held === 0);
      });
      return { id };
    },

    async get(userId: string, id: number, locale: Locale) {
      const row = await findProfile(db, userId, id);
      if (!row) throw notFound();
      return whole(row, locale);
    },

    async update(userId: string, { userProfileId, ...form }: Form, locale: Locale) {
      await checkLookups(form.educationList);
      const wanted = [...new Set(form.certificationList.map((c) => c.fileId).filter((id): id is string => !!id))];
      const dropped: string[] = [];
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        // Under the lock: a save of another profile cannot prune these files meanwhile.
        if ((await files.find(tx, userId, 'certificate', wanted)).length !== wanted.length)
          throw badRequest('userProfile_file_invalid');
        const before = await findProfile(tx, userId, userProfileId);
        if (!before) throw notFound();
        const updated = await updateProfile(tx, userId, userProfileId, {
          displayName: form.displayName,
          role: form.role,
          blockIds: [...new Set(form.blockIds)],
          education: oneOngoing(withIds(form.educationList), 'isStudying'),
          experience: oneOngoing(withIds(form.experienceList), 'isWorking'),
          certifications: withIds(form.certificationList),
          references: withIds(form.referenceList),
        });
        if (!updated) throw notFound();
        dropped.push(...(await pruneCertificates(tx, userId, certificateFileIds(before))));
        return updated;
      });
      await files.removeStored(dropped);
      return whole(row, locale);
    },

    async use(userId: string, id: number) {
      const done = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        return makeDefault(tx, userId, id);
      });
      if (!done) throw notFound();
      return true as const;
    },

    /** Deletes a profile; the newest other one becomes the default when it was. */
    async remove(userId: string, id: number) {
      const dropped: string[] = [];
      const gone = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const row = await deleteProfile(tx, userId, id);
        if (!row) throw notFound();
        const next = row.isDefault ? (await listProfiles(tx, userId))[0] : undefined;
        if (next) await makeDefault(tx, userId, next.id);
        dropped.push(...(await pruneCertificates(tx, userId, certificateFileIds(row))));
        return row;
      });
      await files.removeStored(dropped);
      if (gone.avatar) await dropPublic(gone.avatar);
      return true as const;
    },

    /** A profile's avatar: re-encoded like the account's (server/src/modules/images), public. */
    async setAvatar(userId: string, id: number, upload: Buffer) {
      if (!(await findProfile(db, userId, id))) throw notFound();
      if (upload.length > deps.config.AVATAR_MAX_BYTES)
        throw new AppError(413, 'file_too_large', { file: ['file_too_large'] });
      await limitUploads(userId);
      const image = await reencodeAvatar(upload);
      if (!image) throw badRequest('invalid_image', { file: ['invalid_image'] });
      const name = await deps.storage.put(image.data, image.extension);
      const avatar = `${deps.config.publicUrl}/uploads/${name}`;
      let before: ProfileRow | undefined;
      try {
        before = await db.transaction(async (tx) => {
          await lockUser(tx, userId);
          const current = await findProfile(tx, userId, id);
          if (!current) throw notFound();
          await updateProfile(tx, userId, id, { avatar, originalAvatar: avatar });
          return current;
        });
      } catch (err) {
        await deps.storage.remove(name).catch(() => undefined);
        throw err;
      }
      if (before.avatar) await dropPublic(before.avatar);
      return { avatar };
    },

    /** A certificate file (pdf, doc or docx by content), private to the person. */
    async uploadFile(userId: string, data: Buffer, fileName: string) {
      if (data.length > CERTIFICATE_MAX_BYTES) throw new AppError(413, 'file_too_large', { file: ['file_too_large'] });
      const type = documentTypeOf(data);
      if (!type) throw badRequest('userProfile_file_invalid', { file: ['userProfile_file_invalid'] });
      await limitUploads(userId);
      return files.store(userId, 'certificate', { data, extension: type.extension, fileName });
    },
  };
}
