import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';
import { queuedSendsDone } from '../../lib/send-later.js';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export const insertOutboxMessage = (db: Db, message: NewOutboxMessage) => db.insert(outboxMessages).values(message);

/** The newest messages (to one address, or all); codes queued to go out after an answer are waited for. */
export const listOutboxMessages = async (db: Db, to: string | undefined, limit: number) => {
  await queuedSendsDone();
  return db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
};
