import { and, desc, eq, ne } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { userAddresses } from '../../db/schema.js';
import { lockUser } from '../../modules/users/index.js';

export type AddressRow = typeof userAddresses.$inferSelect;
export type AddressValues = Omit<AddressRow, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

const mine = (userId: string, id: number) => and(eq(userAddresses.userId, userId), eq(userAddresses.id, id));

/** The default first, then the newest first (spec account §2 Address book). */
export const listAddresses = (db: Db, userId: string): Promise<AddressRow[]> =>
  db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.id));

export const findAddress = (db: Db, userId: string, id: number): Promise<AddressRow | undefined> =>
  firstRow(db.select().from(userAddresses).where(mine(userId, id)));

export const hasDefaultAddress = async (db: Db, userId: string): Promise<boolean> =>
  !!(await firstRow(
    db
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true))),
  ));

/**
 * The person's address count, under a lock of their account row: two adds racing for the last
 * place, or for the first address (which becomes the default; there are no rows yet to lock),
 * are taken one after the other.
 */
export async function lockAddresses(tx: Db, userId: string): Promise<number> {
  await lockUser(tx, userId);
  const rows = await tx.select({ id: userAddresses.id }).from(userAddresses).where(eq(userAddresses.userId, userId));
  return rows.length;
}

/** Makes no address of the person the default but `keep` (before another becomes it). */
export const clearDefault = (tx: Db, userId: string, keep = 0) =>
  tx
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, keep)));

export async function insertAddress(tx: Db, userId: string, values: AddressValues, isDefault: boolean) {
  const [row] = await tx
    .insert(userAddresses)
    .values({ ...values, userId, isDefault })
    .returning();
  return row!;
}

export async function updateAddress(tx: Db, userId: string, id: number, values: AddressValues, isDefault: boolean) {
  const [row] = await tx
    .update(userAddresses)
    .set({ ...values, isDefault, updatedAt: new Date() })
    .where(mine(userId, id))
    .returning();
  return row;
}

/** Deletes one of the person's addresses unless it is the default; answers what was there. */
export async function deleteAddress(tx: Db, userId: string, id: number): Promise<'deleted' | 'default' | 'none'> {
  const [row] = await tx.select().from(userAddresses).where(mine(userId, id)).for('update');
  if (!row) return 'none';
  if (row.isDefault) return 'default';
  await tx.delete(userAddresses).where(mine(userId, id));
  return 'deleted';
}

/** Erases the person's address book (the account is being deleted). */
export const deleteAddressesOf = (db: Db, userId: string) =>
  db.delete(userAddresses).where(eq(userAddresses.userId, userId));
