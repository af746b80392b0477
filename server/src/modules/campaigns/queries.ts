import { and, eq } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { campaigns } from '../../db/schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;

export const insertCampaign = async (db: Db, row: typeof campaigns.$inferInsert): Promise<CampaignRow> => {
  const [saved] = await db.insert(campaigns).values(row).returning();
  return saved!;
};

export const findActiveCampaign = (db: Db, id: number): Promise<CampaignRow | undefined> =>
  firstRow(
    db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.active, true))),
  );
