import { z } from 'zod';
import { featureEndpoints, pageQuery } from './endpoint.js';

// Loyalty points (spec account §2 /point, §3 "Point history row", §7 Points, §9 page size 10 with
// the index from 1; issue 30 points 3 and 4). A person reads their history and balance; the
// platform's products award or deduct points with a client-credentials token (points:write), each
// change under an Idempotency-Key so a retry never counts twice. Points are whole numbers.

export const POINT_PAGE_SIZE = 10;
/** The most points one change may move (either way). */
export const MAX_POINT_CHANGE = 1_000_000_000;

export const pointHistoryInput = pageQuery(POINT_PAGE_SIZE);

/** One row of the history (spec §3): `point` signed; the block's name from the block registry, in the reader's language. */
export const pointRowSchema = z.object({
  id: z.number().int(),
  createdDate: z.string(),
  blockId: z.string().nullable(),
  blockName: z.string().nullable(),
  actionName: z.string(),
  objectTitle: z.string(),
  point: z.number().int(),
});
export type PointRow = z.infer<typeof pointRowSchema>;
export const pointHistorySchema = z.object({ data: z.array(pointRowSchema), totalRows: z.number().int() });
export type PointHistory = z.infer<typeof pointHistorySchema>;

/** A product's award (positive) or deduction (negative), with what it was for. */
export const pointChangeInput = z.object({
  userId: z.string().min(1).max(100),
  point: z
    .number()
    .int()
    .min(-MAX_POINT_CHANGE)
    .max(MAX_POINT_CHANGE)
    .refine((n) => n !== 0, 'point_change_zero'),
  blockId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/)
    .nullable()
    .default(null),
  actionName: z.string().trim().min(1).max(200),
  objectTitle: z.string().trim().max(500).default(''),
});
export type PointChangeInput = z.input<typeof pointChangeInput>;
export const pointChangeSchema = z.object({
  /** The history row the change made (the same row when a retry repeats it). */
  id: z.number().int(),
  point: z.number().int(),
  /** The balance right after this change. */
  balance: z.number().int(),
  /** False when the Idempotency-Key had already made this change: nothing counted twice. */
  created: z.boolean(),
});
export type PointChange = z.infer<typeof pointChangeSchema>;

const define = featureEndpoints('points');

export const pointEndpoints = {
  history: define({
    method: 'POST',
    path: '/api/account/point/history',
    summary: "One page of the person's point history, newest first (spec §7 Points)",
    auth: 'user',
    input: pointHistoryInput,
    output: pointHistorySchema,
  }),
  balance: define({
    method: 'GET',
    path: '/api/account/point/get-point',
    summary: "The person's point balance",
    auth: 'user',
    output: z.number().int(),
  }),
  change: define({
    method: 'POST',
    path: '/api/product/points/users/:userId',
    summary:
      'Awards (point > 0) or deducts (point < 0) points, once per Idempotency-Key header; a deduction never takes the balance below zero',
    auth: 'product',
    person: 'userId',
    scope: 'points:write',
    idempotent: true,
    input: pointChangeInput,
    output: pointChangeSchema,
    errors: ['idempotency_key_reused', 'point_balance_insufficient', 'point_change_zero', 'not_found'],
  }),
};
