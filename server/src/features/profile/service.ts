import {
  type AvatarAnswer,
  CLAIM_TYPES,
  type profileEndpoints as E,
  GENDERS,
  type GeneralProfile,
  LINK_PROVIDERS,
  type Locale,
  MARITAL_STATUSES,
  type MessageKey,
  type OutputOf,
  type ParsedInputOf,
  type UserClaim,
} from '@portico/contracts';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest, notFound, tooMany } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { insertActivity } from '../../modules/activity/index.js';
import {
  deleteClaimById,
  findClaimById,
  listClaims,
  type UserClaimRow,
  upsertClaim,
} from '../../modules/claims/index.js';
import { keepsAWayIn } from '../../modules/federation/index.js';
import { reencodeAvatar, storedUploadName } from '../../modules/images/index.js';
import { findUserById, type User } from '../../modules/users/index.js';
import { PROFILE_ACTIVITY } from './activity.js';
import { replaceAvatar, updateProfile } from './queries.js';

/** For whom (the signed-in user) and who calls (the labels' language, the activity log's IP). */
export type ProfileContext = { user: User; caller: CallerContext };

type In<K extends keyof typeof E> = ParsedInputOf<(typeof E)[K]>;
type Out<K extends keyof typeof E> = Promise<OutputOf<(typeof E)[K]>>;

/** What a bio may contain: text formatting and links; no scripts, styles, images or event handlers. */
const BIO_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

export const sanitizeBio = (html: string | null | undefined): string | null => {
  const clean = sanitizeHtml(html ?? '', BIO_HTML).trim();
  return clean || null;
};

const toClaim = (c: UserClaimRow): UserClaim => ({ id: c.id, claimType: c.claimType, claimValue: c.claimValue });
const labelOf = (locale: Locale, key: string | undefined) => (key ? translate(locale, key as MessageKey) : '');
const LANGUAGE_LABEL: Record<string, MessageKey> = { 'vi-VN': 'lang_vi', 'en-US': 'lang_en' };

/** The stored file name of an avatar URL this server issued, if it is one. */

/**
 * Personal info (spec account §2 General info page, §3 General user profile, §5), its claims
 * (default language and time zone, social links), the avatar and the default language. The
 * users row holds what the OIDC claims read (name, locale, zoneinfo, picture), so every edit
 * shows up in the next ID token and userinfo answer.
 */
export function createProfileService(deps: AppDeps) {
  const db = deps.database.db;
  const log = (tx: Db, userId: string, action: string, params: Record<string, unknown>) =>
    insertActivity(tx, { userId, action, params });

  /** Keeps users.language_id / users.timezone and the matching claim in step. */
  async function writeSetting(tx: Db, userId: string, claimType: string, value: string) {
    if (claimType === CLAIM_TYPES.defaultLanguage) await updateProfile(tx, userId, { languageId: value });
    if (claimType === CLAIM_TYPES.defaultTimezone) await updateProfile(tx, userId, { timezone: value });
    return upsertClaim(tx, userId, claimType, value);
  }

  async function describe(user: User, locale: Locale): Promise<GeneralProfile> {
    const claims = await listClaims(db, user.id);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      birthdate: user.birthdate,
      gender: user.gender,
      genderText: labelOf(locale, GENDERS.find((g) => g.id === user.gender)?.key),
      identification: user.identification,
      maritalStatus: user.maritalStatus,
      maritalStatusText: labelOf(locale, MARITAL_STATUSES.find((m) => m.id === user.maritalStatus)?.key),
      languageId: user.languageId,
      languageText: labelOf(locale, LANGUAGE_LABEL[user.languageId]),
      timezone: user.timezone,
      bio: user.bio ?? '',
      avatar: user.avatar,
      originalAvatar: user.avatar,
      // Recovery ways have their own page and API.
      userClaims: claims
        .filter((c) => c.claimType !== CLAIM_TYPES.emailRecovery && c.claimType !== CLAIM_TYPES.phoneRecovery)
        .map(toClaim),
    };
  }

  const reload = async (user: User) => (await findUserById(db, user.id)) ?? user;

  return {
    describe: ({ user, caller }: ProfileContext) => describe(user, caller.locale),

    async update({ user, caller }: ProfileContext, input: In<'update'>): Out<'update'> {
      await db.transaction(async (tx) => {
        await updateProfile(tx, user.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          birthdate: input.birthdate,
          gender: input.gender,
          identification: input.identification,
          maritalStatus: input.maritalStatus,
          bio: sanitizeBio(input.bio),
        });
        await writeSetting(tx, user.id, CLAIM_TYPES.defaultLanguage, input.languageId);
        if (input.timezone) await writeSetting(tx, user.id, CLAIM_TYPES.defaultTimezone, input.timezone);
        await log(tx, user.id, PROFILE_ACTIVITY.updated, { ip: caller.ip });
      });
      return describe(await reload(user), caller.locale);
    },

    /** POST (create) or PUT (update) a default_language / default_timezone claim; one per type. */
    async saveClaim({ user, caller }: ProfileContext, input: In<'createClaim'>): Promise<UserClaim> {
      if (input.id !== undefined) {
        const existing = await findClaimById(db, user.id, input.id);
        if (!existing || existing.claimType !== input.ClaimType) throw notFound();
      }
      const row = await db.transaction(async (tx) => {
        const saved = await writeSetting(tx, user.id, input.ClaimType, input.ClaimValue);
        await log(tx, user.id, PROFILE_ACTIVITY.claim, {
          claim: input.ClaimType,
          value: input.ClaimValue,
          ip: caller.ip,
        });
        return saved;
      });
      return toClaim(row);
    },

    /** Removes a Google or Facebook link claim of the user (link_remove_success). */
    async cancelLinking(
      { user, caller }: ProfileContext,
      { claimId, providerName }: In<'cancelLinking'>,
    ): Out<'cancelLinking'> {
      const claim = await findClaimById(db, user.id, claimId);
      if (!claim || claim.claimType !== LINK_PROVIDERS[providerName]) throw notFound();
      await db.transaction(async (tx) => {
        // Never leave an account without a way to sign in (issue 25 point 5).
        if (!(await keepsAWayIn(tx, user.id, { claimType: claim.claimType })))
          throw badRequest('error_unlink_last_way');
        await deleteClaimById(tx, user.id, claim.id);
        await log(tx, user.id, PROFILE_ACTIVITY.linkRemoved, { provider: providerName, ip: caller.ip });
      });
      return true;
    },

    /**
     * Stores an uploaded image (gif, jpeg or png by content), made anew by the images module
     * (upright, no metadata, at most AVATAR_MAX_SIDE), as the user's avatar. The old file is read
     * and replaced under the user's row lock, so of racing uploads each removes exactly the file
     * it replaced and only the last one stays; a file whose row write failed is removed too.
     */
    async setAvatar({ user, caller }: ProfileContext, upload: Buffer): Promise<AvatarAnswer> {
      const uploads = await deps.kv.incr(`avatar:uploads:${user.id}`, 3600);
      if (uploads > deps.config.AVATAR_UPLOADS_PER_HOUR) throw tooMany();
      const image = await reencodeAvatar(upload);
      if (!image) throw badRequest('invalid_image', { file: ['invalid_image'] });
      const name = await deps.storage.put(image.data, image.extension);
      const avatar = `${deps.config.publicUrl}/uploads/${name}`;
      const drop = (file: string) =>
        deps.storage.remove(file).catch((err: unknown) => deps.log.warn({ err }, 'avatar file not removed'));
      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const previous = await replaceAvatar(tx, user.id, avatar);
          await log(tx, user.id, PROFILE_ACTIVITY.avatar, { ip: caller.ip });
          return previous;
        });
      } catch (err) {
        await drop(name);
        throw err;
      }
      const old = storedUploadName(replaced, deps.config.publicUrl);
      if (old) await drop(old);
      return { avatar };
    },

    async setLanguage({ user, caller }: ProfileContext, { languageId }: In<'language'>): Out<'language'> {
      await db.transaction(async (tx) => {
        await writeSetting(tx, user.id, CLAIM_TYPES.defaultLanguage, languageId);
        await log(tx, user.id, PROFILE_ACTIVITY.language, { language: languageId, ip: caller.ip });
      });
      return { languageId };
    },
  };
}

/** The stored avatar file of a user, for removal when the account is deleted. */
export const avatarFileOf = (user: User, publicUrl: string) => storedUploadName(user.avatar, publicUrl);
