import { type BrandData, LOCALES } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { type BrandRow, findBrand } from './queries.js';

// Branding per product (issue 31 point 1; contracts/src/branding.ts): what a block's banner
// shows, read by the common-data call and by a pending sign-in's details (the login page's first
// paint included), kept a minute in the shared key-value store so every copy reads the same; a
// change made on one copy (`forget`) drops the kept copy for all (a read racing the change may keep
// the old one, and the common-data answers are cacheable: a change shows within a minute).

export {
  type BrandRow,
  deleteBrand,
  findBlockWithBrand,
  listBlocksWithBrands,
  setBrandLogo,
  upsertBrandNames,
} from './queries.js';

const KEPT_SECONDS = 60;
const key = (blockId: string) => `brand:${blockId}`;

/** The portal's own banner in every language, or the block's (English falling back to the Vietnamese). */
export function brandData(productName: string, row: BrandRow | undefined): BrandData {
  const vi = { name: row?.nameVi ?? productName, logo: row?.logoVi ?? null };
  const en = { name: row?.nameEn ?? vi.name, logo: row?.logoEn ?? vi.logo };
  const byLocale = { 'vi-VN': vi, 'en-US': en };
  return Object.fromEntries(LOCALES.map((l) => [l, { banner: byLocale[l] }])) as BrandData;
}

export function createBrands({ database, kv, config, log }: Pick<AppDeps, 'database' | 'kv' | 'config' | 'log'>) {
  const portal = brandData(config.PRODUCT_NAME, undefined);

  /**
   * The row of a block, from the store's copy when there is one; a store that fails is passed by.
   * Only a brand is kept: an id without one (any id a stranger makes up) reads the database, by its
   * primary key, and fills nothing.
   */
  async function rowOf(blockId: string): Promise<BrandRow | undefined> {
    const kept = await kv.get(key(blockId)).catch(() => null);
    if (kept) {
      const row = JSON.parse(kept) as BrandRow;
      return { ...row, updatedAt: new Date(row.updatedAt) };
    }
    const row = await findBrand(database.db, blockId);
    if (row)
      await kv
        .set(key(blockId), JSON.stringify(row), KEPT_SECONDS)
        .catch((err: unknown) => log.warn({ err }, 'brand not kept'));
    return row;
  }

  return {
    /** The banner of a block (the portal's when none is named or it has no brand). */
    async dataFor(blockId: string | null | undefined): Promise<BrandData> {
      if (!blockId) return portal;
      return brandData(config.PRODUCT_NAME, await rowOf(blockId));
    },
    /** After a change: every copy reads the block's brand anew (within the answers' minute of caching). */
    forget: (blockId: string) =>
      kv.del(key(blockId)).catch((err: unknown) => log.warn({ err }, 'brand kept copy not dropped')),
  };
}
