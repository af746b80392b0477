import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userContacts, users } from '../../db/schema.js';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Contact = typeof userContacts.$inferSelect;

export const CONTACT_PHONE = 1;
export const CONTACT_EMAIL = 2;

export const findUserById = async (db: Db, id: string): Promise<User | undefined> => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
};

/** The live account that may sign in with this confirmed e-mail or phone. */
export const findUserByLoginName = async (db: Db, type: number, value: string): Promise<User | undefined> => {
  const [row] = await db
    .select({ user: users })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.userId))
    .where(
      and(
        eq(userContacts.type, type),
        eq(userContacts.value, value),
        eq(userContacts.isConfirmed, true),
        eq(userContacts.allowLogin, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row?.user;
};

export const findPrimaryContact = async (db: Db, userId: string, type: number): Promise<Contact | undefined> => {
  const [row] = await db
    .select()
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type), eq(userContacts.isPrimary, true)))
    .limit(1);
  return row;
};

export const countUsers = async (db: Db): Promise<number> => await db.$count(users);

export const insertUserWithContact = (
  db: Db,
  user: NewUser,
  contact: { type: number; value: string; isConfirmed: boolean },
) =>
  db.transaction(async (tx) => {
    await tx.insert(users).values(user);
    await tx.insert(userContacts).values({ userId: user.id, ...contact, isPrimary: true, allowLogin: true });
  });
