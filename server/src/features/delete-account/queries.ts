import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userContacts, users } from '../../db/schema.js';
import { CONTACT_EMAIL } from '../../modules/users/index.js';

/**
 * Whether `email` (normalised) was a confirmed e-mail of an account that has been deleted: the
 * register flow answers account_is_delete for it. The deleted account keeps only these rows.
 */
export const isDeletedAccountEmail = async (db: Db, email: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: userContacts.id })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.userId))
    .where(
      and(
        eq(userContacts.type, CONTACT_EMAIL),
        eq(userContacts.value, email.trim().toLowerCase()),
        eq(userContacts.isConfirmed, true),
        isNotNull(users.deletedAt),
      ),
    )
    .limit(1);
  return !!row;
};

/** Clears the personal data of the users row and marks it deleted. */
export const eraseUser = (db: Db, userId: string) =>
  db
    .update(users)
    .set({
      firstName: '',
      lastName: '',
      passwordHash: null,
      birthdate: null,
      gender: null,
      identification: null,
      maritalStatus: null,
      bio: null,
      avatar: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
