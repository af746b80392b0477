import {
  formatNumber,
  type Locale,
  type ParsedInputOf,
  type PointChange,
  type PointHistory,
  type pointEndpoints,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { holdLiveUser } from '../../modules/users/index.js';
import {
  findByKey,
  insertEntry,
  listPointPage,
  moveBalance,
  type PointEntry,
  readBalance,
  setBalanceAfter,
} from './queries.js';

type E = typeof pointEndpoints;
type ChangeInput = ParsedInputOf<E['change']>;

/** The key already made a change: the same one (a retry) when it says the same thing. */
const sameChange = (entry: PointEntry, input: ChangeInput) =>
  entry.userId === input.userId &&
  entry.point === input.point &&
  entry.blockId === input.blockId &&
  entry.actionName === input.actionName &&
  entry.objectTitle === input.objectTitle;

/**
 * Loyalty points (issue 30 points 3, 4): a person's history and balance, and the products'
 * awards and deductions, each once per product and Idempotency-Key and never below zero
 * (the rules are held by the database: server/src/db/migrations/0018_points.sql).
 */
export function createPointService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;

  return {
    async history(userId: string, { pageIndex, pageSize }: ParsedInputOf<E['history']>, locale: Locale) {
      const { rows, total } = await listPointPage(db, userId, (pageIndex - 1) * pageSize, pageSize);
      return {
        data: rows.map(({ entry, titleVi, titleEn }) => ({
          id: entry.id,
          createdDate: entry.createdAt.toISOString(),
          blockId: entry.blockId,
          blockName: (locale === 'vi-VN' ? titleVi : titleEn) ?? null,
          actionName: entry.actionName,
          objectTitle: entry.objectTitle,
          point: entry.point,
        })),
        totalRows: total,
      } satisfies PointHistory;
    },

    balance: (userId: string) => readBalance(db, userId),

    async change(clientId: string, key: string, input: ChangeInput): Promise<PointChange> {
      return db.transaction(async (tx) => {
        // The account is held live until the change commits: a deletion racing it waits, then erases it too.
        if (!(await holdLiveUser(tx, input.userId))) throw notFound();
        const entry = await insertEntry(tx, { ...input, clientId, idempotencyKey: key });
        if (!entry) {
          // The key made its change already (maybe a moment ago, in parallel): answer that one.
          const made = await findByKey(tx, clientId, key);
          if (!made || !sameChange(made, input)) throw new AppError(409, 'idempotency_key_reused');
          return { id: made.id, point: made.point, balance: made.balanceAfter, created: false };
        }
        const balance = await moveBalance(tx, input.userId, input.point);
        // Refused: the throw rolls the change's row back too (a retry with the key may try again).
        if (balance === undefined) throw new AppError(409, 'point_balance_insufficient');
        await setBalanceAfter(tx, entry.id, balance);
        // The person's activity log says so (in their language when read: features/activity/render.ts).
        await insertActivity(tx, {
          userId: input.userId,
          action: input.point > 0 ? 'activity_points_awarded' : 'activity_points_deducted',
          params: {
            point: formatNumber(Math.abs(input.point)),
            action: input.actionName,
            balance: formatNumber(balance),
          },
        });
        return { id: entry.id, point: entry.point, balance, created: true };
      });
    },
  };
}
