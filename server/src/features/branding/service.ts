import type { AdminBrand, Locale } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { AdminContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../modules/audit/index.js';
import {
  createBrands,
  deleteBrand,
  findBlockWithBrand,
  listBlocksWithBrands,
  setBrandLogo,
  upsertBrandNames,
} from '../../modules/branding/index.js';
import { inTransaction } from '../../modules/events/index.js';
import { reencodeAvatar, storedUploadName } from '../../modules/images/index.js';

type Found = NonNullable<Awaited<ReturnType<typeof findBlockWithBrand>>>;

const toAdminBrand = ({ block, brand }: Found, locale: Locale): AdminBrand => ({
  blockId: block.id,
  blockTitle: locale === 'en-US' ? block.titleEn : block.titleVi,
  nameVi: brand?.nameVi ?? null,
  nameEn: brand?.nameEn ?? null,
  logoVi: brand?.logoVi ?? null,
  logoEn: brand?.logoEn ?? null,
});

/**
 * Branding per product (contracts/src/branding.ts): the common-data call, and the console's
 * changes, each in one transaction with its audit entry and holding the block's row, after which
 * every copy reads the brand anew (server/src/modules/branding).
 */
export function createBrandingService(deps: AppDeps) {
  const db = deps.database.db;
  const brands = createBrands(deps);
  const dropFile = (url: string | null | undefined) => {
    const name = storedUploadName(url, deps.config.publicUrl);
    if (name) deps.storage.remove(name).catch((err: unknown) => deps.log.warn({ err }, 'logo file not removed'));
  };

  /** A change to a block's brand: the block held, the change and its audit entry, then the brand read anew. */
  async function change<T>(
    admin: AdminContext,
    caller: CallerContext,
    blockId: string,
    action: string,
    apply: (tx: Db, found: Found) => Promise<T>,
  ) {
    const result = await inTransaction(db, async (tx) => {
      const found = await findBlockWithBrand(tx, blockId);
      if (!found) throw notFound();
      const done = await apply(tx, found);
      await recordAudit(tx, { actorId: admin.user.id, action, targetKind: 'block', targetId: blockId, caller });
      return done;
    });
    await brands.forget(blockId);
    const found = await findBlockWithBrand(db, blockId);
    if (!found) throw notFound();
    return { result, brand: toAdminBrand(found, caller.locale) };
  }

  return {
    commonData: async (blockId: string | undefined) => ({ data: await brands.dataFor(blockId) }),

    list: async (locale: Locale) => (await listBlocksWithBrands(db)).map((found) => toAdminBrand(found, locale)),

    async put(admin: AdminContext, caller: CallerContext, blockId: string, nameVi: string, nameEn: string | null) {
      const { brand } = await change(admin, caller, blockId, 'brand_put', (tx) =>
        upsertBrandNames(tx, blockId, nameVi, nameEn),
      );
      return brand;
    },

    /** A logo made anew (upright, no metadata, at most 512 px) and stored; the one it replaces goes once the change holds. */
    async logo(admin: AdminContext, caller: CallerContext, blockId: string, language: 'vi' | 'en', upload: Buffer) {
      const image = await reencodeAvatar(upload);
      if (!image) throw badRequest('invalid_image', { file: ['invalid_image'] });
      const name = await deps.storage.put(image.data, image.extension);
      const url = `${deps.config.publicUrl}/uploads/${name}`;
      try {
        const { result: replaced, brand } = await change(admin, caller, blockId, 'brand_logo', async (tx, found) => {
          if (!found.brand) throw new AppError(409, 'admin_brand_name_first');
          await setBrandLogo(tx, blockId, language, url);
          return language === 'vi' ? found.brand.logoVi : found.brand.logoEn;
        });
        dropFile(replaced);
        return brand;
      } catch (err) {
        dropFile(url);
        throw err;
      }
    },

    async remove(admin: AdminContext, caller: CallerContext, blockId: string) {
      const { result: removed, brand } = await change(admin, caller, blockId, 'brand_remove', async (tx, found) => {
        if (!found.brand) throw notFound();
        await deleteBrand(tx, blockId);
        return found.brand;
      });
      dropFile(removed.logoVi);
      dropFile(removed.logoEn);
      return brand;
    },
  };
}
