import { type BrandData, LOCALES } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { type BrandRow, findBrand } from './queries.js';

// Branding per product (issue 31 point 1; contracts/src/branding.ts): what a block's banner
// shows, read by the common-data call and by a pending sign-in's details (the login page's first
// paint included), kept a minute in the shared key-value store so every copy reads the same and a
// change made on one copy (`forget`) is seen at once by all.

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
/** Kept for a block without a brand: it is asked for as often as one with. */
const NONE = '-';

/** The portal's own banner in every language, or the block's (English falling back to the Vietnamese). */
export function brandData(productName: string, row: BrandRow | undefined): BrandData {
  const vi = { name: row?.nameVi ?? productName, logo: row?.logoVi ?? null };
  const en = { name: row?.nameEn ?? vi.name, logo: row?.logoEn ?? vi.logo };
  const byLocale = { 'vi-VN': vi, 'en-US': en };
  return Object.fromEntries(LOCALES.map((l) => [l, { banner: byLocale[l] }])) as BrandData;
}

export function createBrands({ database, kv, config, log }: Pick<AppDeps, 'database' | 'kv' | 'config' | 'log'>) {
  const portal = brandData(config.PRODUCT_NAME, undefined);

  /** The row of a block, from the store's copy when there is one; a store that fails is passed by. */
  async function rowOf(blockId: string): Promise<BrandRow | undefined> {
    const kept = await kv.get(key(blockId)).catch(() => null);
    if (kept === NONE) return undefined;
    if (kept) {
      const row = JSON.parse(kept) as BrandRow;
      return { ...row, updatedAt: new Date(row.updatedAt) };
    }
    const row = await findBrand(database.db, blockId);
    await kv
      .set(key(blockId), row ? JSON.stringify(row) : NONE, KEPT_SECONDS)
      .catch((err: unknown) => log.warn({ err }, 'brand not kept'));
    return row;
  }

  return {
    /** The banner of a block (the portal's when none is named or it has no brand). */
    async dataFor(blockId: string | null | undefined): Promise<BrandData> {
      if (!blockId) return portal;
      return brandData(config.PRODUCT_NAME, await rowOf(blockId));
    },
    /** After a change: every copy reads the block's brand anew. */
    forget: (blockId: string) => kv.del(key(blockId)),
  };
}
