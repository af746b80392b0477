import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationBlocks, orderLines, orders, paymentAttempts } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect & { titleVi: string | null; titleEn: string | null };
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'paidAt'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** One page of a person's orders, newest first, in these statuses (all when null), with the first line's title and the line count. */
export async function listOrderPage(
  db: Db,
  userId: string,
  statuses: readonly number[] | null,
  offset: number,
  limit: number,
) {
  const where = and(eq(orders.userId, userId), statuses ? inArray(orders.status, [...statuses]) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        // Qualified by hand: inside the subquery an unqualified "id" would be the line's.
        title: sql<string>`(select l.title from order_lines l where l.order_id = "orders"."id" order by l.id limit 1)`,
        lineCount: sql<number>`(select count(*)::int from order_lines l where l.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An order with its lines, when `owner` (a person's id or a product's client id) holds it. */
/** An order by id, narrowed to its person or the product that made it; `any` for the payment site. */
export async function findOrder(db: Db, id: number, owner: { userId: string } | { clientId: string } | 'any') {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        owner === 'any'
          ? undefined
          : 'userId' in owner
            ? eq(orders.userId, owner.userId)
            : eq(orders.clientId, owner.clientId),
      ),
    );
  if (!order) return undefined;
  // The block's titles from the block registry, for its name in the reader's language.
  const lines = await db
    .select({ line: orderLines, titleVi: notificationBlocks.titleVi, titleEn: notificationBlocks.titleEn })
    .from(orderLines)
    .leftJoin(notificationBlocks, eq(notificationBlocks.id, orderLines.blockId))
    .where(eq(orderLines.orderId, id))
    .orderBy(orderLines.id);
  return { order, lines: lines.map(({ line, titleVi, titleEn }): OrderLineRow => ({ ...line, titleVi, titleEn })) };
}

/** An order (a person's own when `userId` is given), locked until the transaction ends: two Pay presses, or reports, take turns. */
export async function lockOrder(db: Db, id: number, userId?: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)))
    .for('update');
  return row;
}

export async function findAttemptByReference(db: Db, reference: string) {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference));
  return row;
}

/** The order a product made under this key, if any. */
export async function findOrderByKey(db: Db, clientId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.idempotencyKey, key)));
  return row;
}

/** Writes a new order and its lines, unless the key already made one (then undefined). */
export async function insertOrder(db: Db, order: NewOrder, lines: NewOrderLine[]) {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: [orders.clientId, orders.idempotencyKey] })
    .returning();
  if (!row) return undefined;
  await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
  return row;
}

export async function insertAttempt(db: Db, attempt: typeof paymentAttempts.$inferInsert) {
  const [row] = await db.insert(paymentAttempts).values(attempt).returning();
  return row as AttemptRow;
}

/** A person's attempt, with its order's status now. */
export async function findOwnAttempt(db: Db, userId: string, reference: string) {
  const [row] = await db
    .select({ attempt: paymentAttempts, orderStatus: orders.status })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.userId, userId)));
  return row;
}

export async function findAttempt(db: Db, gateway: string, reference: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.reference, reference), eq(paymentAttempts.gateway, gateway)));
  return row;
}

/** The result code of an attempt whose start the gateway refused or did not answer in time. */
export const START_REFUSED = 'start_refused';

/**
 * Ends an attempt still open, once: the row lock makes a replayed notification wait for the first
 * and then find it ended (undefined). A start that timed out may still have reached the gateway,
 * so a payment it reports later is taken too.
 */
export async function endAttempt(
  db: Db,
  id: number,
  end: { state: 'paid' | 'failed'; gatewayTransaction: string | null; resultCode: string },
) {
  const open = or(
    eq(paymentAttempts.state, 'pending'),
    and(eq(paymentAttempts.state, 'failed'), eq(paymentAttempts.resultCode, START_REFUSED)),
  );
  const [row] = await db
    .update(paymentAttempts)
    .set({ ...end, completedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), open))
    .returning();
  return row;
}

/** Paid: from Wait (or a Failure an earlier attempt left) to Paid, through this gateway. */
export const markOrderPaid = (db: Db, id: number, gateway: string) =>
  db
    .update(orders)
    .set({ status: 3, paymentGateway: gateway, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), inArray(orders.status, [0, 2])))
    .returning({ id: orders.id });

/** Failed: from Wait to Failure (a paid order stays paid). */
export const markOrderFailed = (db: Db, id: number, gateway: string) =>
  db
    .update(orders)
    .set({ status: 2, paymentGateway: gateway, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 0)));

/** A start the gateway refused: the attempt ends failed, the order stays as it was. */
export const abandonAttempt = (db: Db, id: number) =>
  db
    .update(paymentAttempts)
    .set({ state: 'failed', resultCode: START_REFUSED, completedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.state, 'pending')));

/**
 * A data archive's orders (issue 32 point 3): every order of the person with its lines and its
 * payment attempts, oldest first; what the product's retry key and request hash are stays out.
 */
export async function exportOrdersOf(tx: Db, userId: string) {
  const { requestHash: _hash, idempotencyKey: _key, userId: _user, ...orderColumns } = getTableColumns(orders);
  const { orderId: _order, ...lineColumns } = getTableColumns(orderLines);
  const { userId: _owner, ...attemptColumns } = getTableColumns(paymentAttempts);
  const rows = await tx.select(orderColumns).from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const ids = rows.map((o) => o.id);
  if (!ids.length) return [];
  const [lines, attempts] = await Promise.all([
    tx
      .select({ ...lineColumns, orderId: orderLines.orderId })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    tx
      .select(attemptColumns)
      .from(paymentAttempts)
      .where(eq(paymentAttempts.userId, userId))
      .orderBy(asc(paymentAttempts.id)),
  ]);
  return rows.map((order) => ({
    ...order,
    lines: lines.filter((l) => l.orderId === order.id).map(({ orderId: _o, ...line }) => line),
    payments: attempts.filter((a) => a.orderId === order.id).map(({ orderId: _o, ...attempt }) => attempt),
  }));
}
