import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { NewUser } from '../../modules/users/index.js';

export type ProfileUpdate = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'birthdate'
    | 'gender'
    | 'identification'
    | 'maritalStatus'
    | 'languageId'
    | 'timezone'
    | 'bio'
    | 'avatar'
  >
>;

/** Writes columns of the users row (the OIDC claims read them: name, locale, zoneinfo, picture). */
export const updateProfile = (db: Db, userId: string, set: ProfileUpdate) =>
  db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));

/**
 * Sets the avatar and answers the one it replaced, read under the row's lock in the caller's
 * transaction: racing uploads of one user take turns, each seeing the previous one's file.
 */
export async function replaceAvatar(tx: Db, userId: string, avatar: string): Promise<string | null> {
  const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
  await tx.update(users).set({ avatar, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return row?.avatar ?? null;
}
