import { z } from 'zod';
import { blockIdSchema, brandDataSchema } from './brand.js';
import { featureEndpoints } from './endpoint.js';
import { AVATAR_TYPES } from './profile.js';

// Branding per product (issue 31 point 1): a block of the block registry (the products'
// notification blocks, contracts/src/notification.ts) may carry its own name and logo in each
// language. The public pages a product sends people to (login, register, forgot password) show
// them in the banner instead of the portal's own: the block is the signing-in client's
// (`block_id` in its metadata, the console's client form) or the page's `?block=` query. Read
// through the common-data call (spec sign-in §7 "GET static logo from the common-data endpoint by
// block and code; result.data keyed by language (default vi-VN), banner.logo"). The shapes a
// sign-in's details share are in contracts/src/brand.ts, which imports nothing of the contracts.

/** The common-data codes: the banner (name and logo) is the one there is. */
export const COMMON_DATA_CODES = ['banner'] as const;

/** A block's brand as the console keeps it, beside the block's own titles. */
export const adminBrandSchema = z.object({
  blockId: z.string(),
  /** The block's title in the reader's language (the registry's). */
  blockTitle: z.string(),
  /** Null while the block has no brand of its own (the portal's shows). */
  nameVi: z.string().nullable(),
  nameEn: z.string().nullable(),
  logoVi: z.string().nullable(),
  logoEn: z.string().nullable(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

const brandName = z
  .string()
  .trim()
  .min(1, 'admin_brand_name_required')
  .max(100)
  .transform((s) => s.normalize('NFC'));

export const LOGO_LOCALES = ['vi', 'en'] as const;
const blockInput = z.object({ blockId: blockIdSchema });

const define = featureEndpoints('branding');

export const brandingEndpoints = {
  commonData: define({
    method: 'GET',
    path: '/api/common-data',
    summary:
      "A block's common data by code (banner: its name and logo), keyed by language; the portal's own for a block without a brand",
    auth: 'public',
    input: z.object({ block: blockIdSchema.optional(), code: z.enum(COMMON_DATA_CODES).default('banner') }),
    output: z.object({ data: brandDataSchema }),
  }),
  list: define({
    method: 'GET',
    path: '/api/admin/branding',
    summary: 'Every block of the registry with its brand (name and logo per language), if it has one',
    auth: 'admin',
    permission: 'branding:write',
    output: z.array(adminBrandSchema),
  }),
  put: define({
    method: 'PUT',
    path: '/api/admin/branding/:blockId',
    summary: "Sets a block's name in each language (Vietnamese required, English optional); its logos stay",
    auth: 'admin',
    stepUp: true,
    permission: 'branding:write',
    input: blockInput.extend({ nameVi: brandName, nameEn: brandName.nullable().default(null) }),
    output: adminBrandSchema,
    errors: ['not_found', 'admin_brand_name_required'],
  }),
  /** multipart/form-data with the image (gif, jpeg or png by content) in the field `file`. */
  logo: define({
    method: 'POST',
    path: '/api/admin/branding/:blockId/logo/:language',
    summary:
      "Uploads a block's logo for one language (vi or en): multipart/form-data, the image (gif, jpeg or png) in the field file, made anew at most 512 px",
    auth: 'admin',
    stepUp: true,
    permission: 'branding:write',
    input: blockInput.extend({ language: z.enum(LOGO_LOCALES) }),
    output: adminBrandSchema,
    errors: ['not_found', 'admin_brand_name_first', 'invalid_image', 'file_too_large'],
    upload: { field: 'file', types: AVATAR_TYPES },
  }),
  remove: define({
    method: 'DELETE',
    path: '/api/admin/branding/:blockId',
    summary: "Removes a block's brand and its logos: the portal's shows again",
    auth: 'admin',
    stepUp: true,
    permission: 'branding:write',
    input: blockInput,
    output: adminBrandSchema,
    errors: ['not_found'],
  }),
};
