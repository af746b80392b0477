import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export const insertAudit = (db: Db, entry: NewAuditEntry) => db.insert(auditLog).values(entry);

/** One page, newest first, of every entry or of those about one account or client. */
export async function listAuditPage(db: Db, opts: { offset: number; limit: number; targetId?: string }) {
  const where: SQL | undefined = opts.targetId ? and(eq(auditLog.targetId, opts.targetId)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).offset(opts.offset).limit(opts.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A person's data archive (issue 32 point 3), oldest first: what operators did to their account
 * (the action, its detail and time; who did it and from where are the operators' own data), and
 * what they did as an operator (the action, the kind of target and time; whom it touched is
 * someone else's).
 */
export const auditOfAccount = async (db: Db, userId: string) => ({
  onAccount: await db
    .select({ action: auditLog.action, detail: auditLog.detail, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.targetKind, 'user'), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.id),
  asOperator: await db
    .select({ action: auditLog.action, targetKind: auditLog.targetKind, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(auditLog.id),
});
