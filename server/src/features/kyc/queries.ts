import { and, asc, eq } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { kycVerifications } from '../../db/schema.js';
import { notWaitingForGuardian } from '../../modules/guardian/index.js';

export type KycRow = typeof kycVerifications.$inferSelect;

export const findVerification = (db: Db, userId: string): Promise<KycRow | undefined> =>
  firstRow(db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)));

/** The verification row locked (a submission and a review of one person go one after the other). */
export const lockVerification = async (tx: Db, userId: string): Promise<KycRow | undefined> =>
  (await tx.select().from(kycVerifications).where(eq(kycVerifications.userId, userId)).for('update'))[0];

export async function saveVerification(tx: Db, row: Omit<KycRow, 'updatedAt'>): Promise<KycRow> {
  const [saved] = await tx
    .insert(kycVerifications)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({ target: kycVerifications.userId, set: { ...row, updatedAt: new Date() } })
    .returning();
  return saved!;
}

/** Verifications in a status, the oldest submission first, none of a child waiting for a guardian (docs/children.md). */
export const listByStatus = (db: Db, status: number, limit: number, guardianAge: number) =>
  db
    .select()
    .from(kycVerifications)
    .where(and(eq(kycVerifications.status, status), notWaitingForGuardian(kycVerifications.userId, guardianAge)))
    .orderBy(asc(kycVerifications.submittedAt), asc(kycVerifications.userId))
    .limit(limit);

/** Erases the person's verification (the account is being deleted; the files module erases the images). */
export async function deleteKycOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(kycVerifications).where(eq(kycVerifications.userId, userId));
}
