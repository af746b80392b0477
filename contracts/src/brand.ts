import { z } from 'zod';
import { LOCALES, type Locale } from './locales.js';

// The brand shapes (contracts/src/branding.ts) that a sign-in's details carry too
// (contracts/src/auth.ts): a leaf, so the contracts that import it form no cycle.

/** A block id as products write it (contracts/src/notification.ts): it travels in paths and queries. */
export const blockIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/);

/** What the banner shows in one language: the product's name, and its logo's address (null: the portal's mark). */
export const bannerSchema = z.object({ name: z.string(), logo: z.string().nullable() });
export type Banner = z.infer<typeof bannerSchema>;

/** The common data of a block, by language; every language is there (a missing English falls back to the Vietnamese). */
export const brandDataSchema = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, z.object({ banner: bannerSchema })])) as Record<
    Locale,
    z.ZodObject<{ banner: typeof bannerSchema }>
  >,
);
export type BrandData = z.infer<typeof brandDataSchema>;
