import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export const insertOutboxMessage = (db: Db, message: NewOutboxMessage) => db.insert(outboxMessages).values(message);

export const listOutboxMessages = (db: Db, to: string | undefined, limit: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
