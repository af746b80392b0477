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
