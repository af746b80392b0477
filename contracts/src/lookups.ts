import { z } from 'zod';
import { rowId } from './contacts.js';
import { featureEndpoints } from './endpoint.js';

// Lookups (spec account §7 Lookups; issue 28 point 2): the schools, companies and block
// categories (codes classification, training_industry, course_category) a profile picks from.
// People search them; the platform's back office keeps them (scope lookups:write).

export const LOOKUP_KINDS = ['school', 'company', 'classification', 'training_industry', 'course_category'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
/** The most entries a search answers. */
export const LOOKUP_SEARCH_LIMIT = 50;

/** An entry as a person reads it: the name in the reader's language (the Vietnamese one when there is no other). */
export const lookupSchema = z.object({ id: z.number().int(), kind: z.enum(LOOKUP_KINDS), name: z.string() });
export type Lookup = z.infer<typeof lookupSchema>;
/** An entry as the back office keeps it. */
export const productLookupSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOOKUP_KINDS),
  name: z.string(),
  nameEn: z.string().nullable(),
  active: z.boolean(),
});

const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .transform((s) => s.normalize('NFC'));
const searchInput = z.object({
  kind: z.enum(LOOKUP_KINDS),
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(LOOKUP_SEARCH_LIMIT).default(20),
});
const idInput = z.object({ id: rowId() });
const lookupWrite = z.object({ name: nameSchema, nameEn: nameSchema.nullable().default(null) });

const define = featureEndpoints('lookups');

export const lookupsEndpoints = {
  search: define({
    method: 'GET',
    path: '/api/lookups',
    summary:
      'Searches one kind of lookup (school, company, classification, training_industry, course_category) by name, accents ignored',
    auth: 'user',
    input: searchInput,
    output: z.array(lookupSchema),
  }),
  byId: define({
    method: 'GET',
    path: '/api/lookups/:id',
    summary: 'One lookup entry by id (retired ones too: a profile may still name them)',
    auth: 'user',
    input: idInput,
    output: lookupSchema,
    errors: ['not_found'],
  }),
  productList: define({
    method: 'GET',
    path: '/api/product/lookups',
    summary: 'The back office’s view of one kind: every entry, retired ones included, by name',
    auth: 'product',
    scope: 'lookups:write',
    input: searchInput.extend({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    output: z.array(productLookupSchema),
  }),
  create: define({
    method: 'POST',
    path: '/api/product/lookups',
    summary: 'Adds an entry (409-free: a name already there in the kind answers lookup_exists)',
    auth: 'product',
    scope: 'lookups:write',
    input: lookupWrite.extend({ kind: z.enum(LOOKUP_KINDS) }),
    output: productLookupSchema,
    errors: ['lookup_exists'],
  }),
  update: define({
    method: 'PUT',
    path: '/api/product/lookups/:id',
    summary: 'Renames an entry, or retires (active false) or restores it; only the fields sent change',
    auth: 'product',
    scope: 'lookups:write',
    input: idInput.extend({
      name: nameSchema.optional(),
      nameEn: nameSchema.nullable().optional(),
      active: z.boolean().optional(),
    }),
    output: productLookupSchema,
    errors: ['not_found', 'lookup_exists'],
  }),
};
