import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs } from '../../db/schema.js';

export type ActivityLog = typeof activityLogs.$inferSelect;
export type NewActivity = Pick<typeof activityLogs.$inferInsert, 'userId' | 'action' | 'params'>;

export const insertActivity = (db: Db, entry: NewActivity) => db.insert(activityLogs).values(entry);

export const listActivity = (db: Db, userId: string, limit = 50) =>
  db.select().from(activityLogs).where(eq(activityLogs.userId, userId)).orderBy(desc(activityLogs.id)).limit(limit);
