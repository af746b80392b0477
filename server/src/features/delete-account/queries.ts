import { and, eq, isNotNull } from 'drizzle-orm';
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
