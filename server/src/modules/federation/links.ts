import { CLAIM_TYPES } from '@portico/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { passkeys, userClaims, userContacts, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { insertActivity } from '../activity/index.js';
import type { UserClaimRow } from '../claims/index.js';
import type { User } from '../users/index.js';
import type { ExternalIdentity, ExternalProvider } from './port.js';

/** A link is the spec's claim (account-area §3: "Facebook link, Google link"), its value the provider's id of the person. */
export const LINK_CLAIM: Record<ExternalProvider, string> = {
  google: CLAIM_TYPES.googleLink,
  facebook: CLAIM_TYPES.facebookLink,
  zalo: CLAIM_TYPES.zaloLink,
};

/** Activity-log actions of links (message keys of contracts/src/i18n/catalog/external-login.ts). */
export const LINK_ACTIVITY = { added: 'activity_link_added' } as const;

/** Provider names as the activity log and the spec write them. */
const PROVIDER_LABEL: Record<ExternalProvider, string> = { google: 'Google', facebook: 'Facebook', zalo: 'Zalo' };

const linkedElsewhere = () => new AppError(409, 'error_linking_by_other_user');

/** The live account this provider account is linked to. */
export const findLinkedUser = async (db: Db, identity: Pick<ExternalIdentity, 'provider' | 'subject'>) =>
  (
    await firstRow(
      db
        .select({ user: users })
        .from(userClaims)
        .innerJoin(users, eq(users.id, userClaims.userId))
        .where(
          and(
            eq(userClaims.claimType, LINK_CLAIM[identity.provider]),
            eq(userClaims.claimValue, identity.subject),
            isNull(users.deletedAt),
          ),
        ),
    )
  )?.user as User | undefined;

/**
 * Links the provider account to the user (replacing an earlier link of the same provider), logged.
 * A provider account linked to someone else is refused (error_linking_by_other_user), also when a
 * racing request linked it first: the unique index user_claims_link_uq decides.
 */
export async function linkIdentity(
  tx: Db,
  userId: string,
  identity: Pick<ExternalIdentity, 'provider' | 'subject'>,
  ip: string,
): Promise<UserClaimRow> {
  const holder = await findLinkedUser(tx, identity);
  if (holder && holder.id !== userId) throw linkedElsewhere();
  const claimType = LINK_CLAIM[identity.provider];
  let row: UserClaimRow | undefined;
  try {
    [row] = await tx
      .insert(userClaims)
      .values({ userId, claimType, claimValue: identity.subject, confirmedAt: new Date() })
      .onConflictDoUpdate({
        target: [userClaims.userId, userClaims.claimType],
        set: { claimValue: identity.subject, confirmedAt: new Date() },
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'user_claims_link_uq')) throw linkedElsewhere();
    throw error;
  }
  if (holder?.id !== userId)
    await insertActivity(tx, {
      userId,
      action: LINK_ACTIVITY.added,
      params: { provider: PROVIDER_LABEL[identity.provider], ip },
    });
  return row!;
}

/**
 * Whether the account keeps a way to sign in once `without` is gone, a provider's link (its claim
 * type) or a passkey (its id) (account-area §7 cancel-linking; issue 25 point 5, issue 32 point 1):
 * a confirmed e-mail or phone that signs in (by a code, or the password typed with it; a password
 * alone has no name to be typed with), another provider's link, or another passkey. Locks the
 * account row first, so two racing removals of the last two ways cannot both pass.
 */
export async function keepsAWayIn(
  tx: Db,
  userId: string,
  without: { claimType: string } | { passkeyId: string },
): Promise<boolean> {
  const claimType = 'claimType' in without ? without.claimType : '';
  const passkeyId = 'passkeyId' in without ? without.passkeyId : '';
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!account) return false;
  const { rows } = (await tx.execute(sql`
    select
      exists (select 1 from ${userContacts} where user_id = ${userId} and is_confirmed and allow_login) as contact,
      exists (
        select 1 from ${userClaims}
        where user_id = ${userId} and claim_type <> ${claimType}
          and claim_type in ('google_link', 'facebook_link', 'zalo_link')
      ) as link,
      exists (select 1 from ${passkeys} where user_id = ${userId} and id <> ${passkeyId}) as passkey
  `)) as unknown as { rows: { contact: boolean; link: boolean; passkey: boolean }[] };
  return !!rows[0] && (rows[0].contact || rows[0].link || rows[0].passkey);
}
