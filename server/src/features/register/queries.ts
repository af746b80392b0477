import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userContacts, users } from '../../db/schema.js';
import type { NewUser } from '../../modules/users/index.js';

export type ConfirmedHolder = { deleted: boolean; languageId: string };

/** Who holds a confirmed e-mail or phone: a live account, a deleted one, or nobody (undefined). */
export const findConfirmedHolder = async (
  db: Db,
  type: number,
  value: string,
): Promise<ConfirmedHolder | undefined> => {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, languageId: users.languageId })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.userId))
    .where(and(eq(userContacts.type, type), eq(userContacts.value, value), eq(userContacts.isConfirmed, true)))
    .limit(1);
  return row ? { deleted: row.deletedAt !== null, languageId: row.languageId } : undefined;
};

/** A new account with its confirmed, primary sign-in e-mail (or phone). */
export const insertRegisteredUser = async (
  db: Db,
  user: NewUser & { id: string },
  contact: { type: number; value: string },
) => {
  await db.insert(users).values(user);
  await db
    .insert(userContacts)
    .values({ userId: user.id, ...contact, isConfirmed: true, isPrimary: true, allowLogin: true });
};

export type InfoUpdate = Pick<NewUser, 'firstName' | 'lastName' | 'birthdate' | 'gender' | 'timezone'> & {
  passwordHash?: string;
};

/** Writes the details of the update-info form. */
export const updateUserInfo = (db: Db, userId: string, info: InfoUpdate) =>
  db
    .update(users)
    .set({ ...info, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
