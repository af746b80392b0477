import { asc, eq, sql } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { brandings, notificationBlocks } from '../../db/schema.js';

export type BrandRow = typeof brandings.$inferSelect;

export const findBrand = (db: Db, blockId: string) =>
  firstRow(db.select().from(brandings).where(eq(brandings.blockId, blockId)));

/** Every block of the registry, with its brand when it has one, by name. */
export const listBlocksWithBrands = (db: Db) =>
  db
    .select({ block: notificationBlocks, brand: brandings })
    .from(notificationBlocks)
    .leftJoin(brandings, eq(brandings.blockId, notificationBlocks.id))
    .orderBy(asc(notificationBlocks.name), asc(notificationBlocks.id));

export const findBlockWithBrand = (db: Db, blockId: string) =>
  firstRow(
    db
      .select({ block: notificationBlocks, brand: brandings })
      .from(notificationBlocks)
      .leftJoin(brandings, eq(brandings.blockId, notificationBlocks.id))
      .where(eq(notificationBlocks.id, blockId))
      .for('update', { of: notificationBlocks }),
  );

/** Sets the names; the logos stay. */
export const upsertBrandNames = (db: Db, blockId: string, nameVi: string, nameEn: string | null) =>
  db
    .insert(brandings)
    .values({ blockId, nameVi, nameEn })
    .onConflictDoUpdate({ target: brandings.blockId, set: { nameVi, nameEn, updatedAt: sql`now()` } });

export const setBrandLogo = (db: Db, blockId: string, language: 'vi' | 'en', logo: string) =>
  db
    .update(brandings)
    .set(language === 'vi' ? { logoVi: logo, updatedAt: sql`now()` } : { logoEn: logo, updatedAt: sql`now()` })
    .where(eq(brandings.blockId, blockId));

export const deleteBrand = (db: Db, blockId: string) => db.delete(brandings).where(eq(brandings.blockId, blockId));
