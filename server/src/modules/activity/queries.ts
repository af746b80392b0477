import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs } from '../../db/schema.js';

export type ActivityLog = typeof activityLogs.$inferSelect;
export type NewActivity = Pick<typeof activityLogs.$inferInsert, 'userId' | 'action' | 'params'>;

export const insertActivity = (db: Db, entry: NewActivity) => db.insert(activityLogs).values(entry);

export const listActivity = (db: Db, userId: string, limit = 50) =>
  db.select().from(activityLogs).where(eq(activityLogs.userId, userId)).orderBy(desc(activityLogs.id)).limit(limit);

/** One page of a user's activity, newest first, with the total count. */
export const listActivityPage = async (db: Db, userId: string, offset: number, limit: number) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.userId, userId))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
};
