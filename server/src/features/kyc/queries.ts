import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { kycFiles, kycVerifications, users } from '../../db/schema.js';

export type KycRow = typeof kycVerifications.$inferSelect;
export type KycFileRow = typeof kycFiles.$inferSelect;

export const findVerification = (db: Db, userId: string): Promise<KycRow | undefined> =>
  firstRow(db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)));

/** The verification row locked (a submission and a review of one person go one after the other). */
export const lockVerification = async (tx: Db, userId: string): Promise<KycRow | undefined> =>
  (await tx.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)).for('update'))[0];

/** Locks the person's account row: their first submission has no verification row to lock yet. */
export const lockAccount = (tx: Db, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

export async function saveVerification(tx: Db, row: Omit<KycRow, 'updatedAt'>): Promise<KycRow> {
  const [saved] = await tx
    .insert(kycVerifications)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: kycVerifications.userId, set: { ...row, updatedAt: new Date() } })
    .returning();
  return saved!;
}

/** Verifications in a status, the oldest submission first. */
export const listByStatus = (db: Db, status: number, limit: number) =>
  db
    .select()
    .from(kycVerifications)
    .where(eq(kycVerifications.status, status))
    .orderBy(asc(kycVerifications.submittedAt), asc(kycVerifications.userId))
    .limit(limit);

export async function insertFile(db: Db, row: Omit<KycFileRow, 'createdAt'>) {
  await db.insert(kycFiles).values(row);
}

/** The person's files among these ids. */
export const findFiles = (db: Db, userId: string, ids: string[]): Promise<KycFileRow[]> =>
  ids.length
    ? db
        .select()
        .from(kycFiles)
        .where(and(eq(kycFiles.userId, userId), inArray(kycFiles.id, ids)))
    : Promise.resolve([]);

/** Deletes the person's files but `keep`; answers the stored names to remove once committed. */
export async function deleteFilesBut(tx: Db, userId: string, keep: string[]): Promise<string[]> {
  const rows = await tx
    .delete(kycFiles)
    .where(and(eq(kycFiles.userId, userId), keep.length ? notInArray(kycFiles.id, keep) : undefined))
    .returning({ storedName: kycFiles.storedName });
  return rows.map((r) => r.storedName);
}

/** Erases the person's verification (the account is being deleted); answers the files' stored names. */
export async function deleteKycOf(tx: Db, userId: string): Promise<string[]> {
  await tx.delete(kycVerifications).where(eq(kycVerifications.userId, userId));
  return deleteFilesBut(tx, userId, []);
}
