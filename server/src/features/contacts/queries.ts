import { and, asc, count, desc, eq, ne, or } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { userContacts } from '../../db/schema.js';
import { CONTACT_EMAIL, type Contact } from '../../modules/users/index.js';

export const listContacts = (db: Db, userId: string, type: number) =>
  db
    .select()
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type)))
    .orderBy(desc(userContacts.isPrimary), asc(userContacts.id));

export const countContacts = async (db: Db, userId: string, type: number): Promise<number> =>
  (
    await db
      .select({ n: count() })
      .from(userContacts)
      .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type)))
  )[0]?.n ?? 0;

export const findContactById = (db: Db, userId: string, id: number): Promise<Contact | undefined> =>
  firstRow(
    db
      .select()
      .from(userContacts)
      .where(and(eq(userContacts.userId, userId), eq(userContacts.id, id))),
  );

export const findContactByValue = (db: Db, userId: string, type: number, value: string): Promise<Contact | undefined> =>
  firstRow(
    db
      .select()
      .from(userContacts)
      .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type), eq(userContacts.value, value))),
  );

export const insertContact = async (db: Db, contact: typeof userContacts.$inferInsert): Promise<Contact> => {
  const [row] = await db.insert(userContacts).values(contact).returning();
  return row!;
};

export const updateContact = (
  db: Db,
  id: number,
  set: Partial<Pick<Contact, 'isConfirmed' | 'isPrimary' | 'allowLogin' | 'confirmedAt'>>,
) => db.update(userContacts).set(set).where(eq(userContacts.id, id));

/** Clears the primary mark of every contact of a type of the user. */
export const clearPrimary = (db: Db, userId: string, type: number) =>
  db
    .update(userContacts)
    .set({ isPrimary: false })
    .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type), eq(userContacts.isPrimary, true)));

export const deleteContact = (db: Db, id: number) => db.delete(userContacts).where(eq(userContacts.id, id));

/**
 * Removes every phone and unconfirmed e-mail; the confirmed e-mails stay as a tombstone that
 * allows no sign-in (they keep the address from being registered again: account_is_delete).
 */
export const reduceContactsToTombstone = async (db: Db, userId: string) => {
  await db
    .delete(userContacts)
    .where(
      and(
        eq(userContacts.userId, userId),
        or(ne(userContacts.type, CONTACT_EMAIL), eq(userContacts.isConfirmed, false)),
      ),
    );
  await db.update(userContacts).set({ allowLogin: false }).where(eq(userContacts.userId, userId));
};
