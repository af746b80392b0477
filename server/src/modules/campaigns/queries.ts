import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { campaigns } from '../../db/schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignWrite = Pick<
  typeof campaigns.$inferInsert,
  'action' | 'data' | 'active' | 'name' | 'startsAt' | 'endsAt'
>;

export const insertCampaign = async (db: Db, row: CampaignWrite): Promise<CampaignRow> => {
  const [saved] = await db.insert(campaigns).values(row).returning();
  return saved!;
};

export const updateCampaign = async (db: Db, id: number, row: CampaignWrite): Promise<CampaignRow | undefined> => {
  const [saved] = await db
    .update(campaigns)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id))
    .returning();
  return saved;
};

export const listCampaigns = (db: Db) => db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(500);

/** The campaign, when it is on and inside its window now. */
export const findActiveCampaign = (db: Db, id: number): Promise<CampaignRow | undefined> =>
  firstRow(
    db
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.id, id),
          eq(campaigns.active, true),
          or(isNull(campaigns.startsAt), lte(campaigns.startsAt, sql`now()`)),
          or(isNull(campaigns.endsAt), gt(campaigns.endsAt, sql`now()`)),
        ),
      ),
  );
