import { z } from 'zod';
import { rowId } from './contacts.js';
import { featureEndpoints } from './endpoint.js';
import { VN_PHONE_PATTERN } from './rules.js';

// The address book (spec account §2 /account/address, §3 User address, §5 Address, §7 Addresses;
// issue 28 point 3) and the Vietnamese localities its picker offers, in both divisions:
// the three-tier one (province, district, ward) and the two-tier one in force since 1 July 2025
// (Resolution 202/2025/QH15: 34 provinces and cities, wards and communes directly under them).

/** 2: province and ward (since 2025-07-01, the default for a new address); 3: province, district, ward. */
export const LOCALITY_SCHEMES = [2, 3] as const;
export type LocalityScheme = (typeof LOCALITY_SCHEMES)[number];
export const DEFAULT_LOCALITY_SCHEME: LocalityScheme = 2;
const schemeSchema = z.coerce
  .number()
  .pipe(z.union([z.literal(2), z.literal(3)]))
  .catch(DEFAULT_LOCALITY_SCHEME);

/** A province, district or ward: its official code and name. */
export const localitySchema = z.object({ code: z.string(), name: z.string() });
export type Locality = z.infer<typeof localitySchema>;
const codeSchema = z.string().trim().max(10).regex(/^\d+$/);

/** 1 house, 2 company (spec §3). */
export const ADDRESS_TYPES = [1, 2] as const;
/** The most addresses one account keeps. */
export const MAX_ADDRESSES = 20;

/** An address as the book shows it: the codes, and the localities' names for display. */
export const userAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  /** The details: house number, street. */
  address: z.string(),
  addressType: z.union([z.literal(1), z.literal(2)]),
  scheme: z.union([z.literal(2), z.literal(3)]),
  provinceId: z.string(),
  /** null in the two-tier scheme: there is no district. */
  districtId: z
    .string()
    .nullable()
    .describe('The district code in the three-tier scheme (3); null in the two-tier one (2)'),
  wardId: z.string(),
  /** Ward, district (three-tier), province: the names, in that order. */
  localityNames: z.array(z.string()),
  phoneNumber: z.string(),
  isDefaultAddress: z.boolean(),
});
export type UserAddress = z.infer<typeof userAddressSchema>;

const required = (key: Parameters<z.ZodString['min']>[1]) => z.string().trim().min(1, key);

/**
 * The address form (spec §5 Address): name, a Vietnamese mobile number of 10 digits, the
 * localities of its scheme (a district only in the three-tier one), details, type, default.
 */
export const addressInput = z
  .object({
    name: required('address_fullname_required').pipe(z.string().max(100)),
    company: z.string().trim().max(200).default(''),
    phoneNumber: required('address_phone_required').pipe(z.string().regex(VN_PHONE_PATTERN, 'invalid_phone_number')),
    scheme: z.union([z.literal(2), z.literal(3)]).default(DEFAULT_LOCALITY_SCHEME),
    provinceId: z.string().trim().min(1, 'address_province_required').pipe(codeSchema),
    /** Three-tier only; a two-tier address sends null (or leaves it out). */
    districtId: codeSchema
      .nullable()
      .default(null)
      .describe('Three-tier scheme (3) only: a two-tier address (scheme 2) sends null, as there is no district'),
    wardId: z.string().trim().min(1, 'address_ward_required').pipe(codeSchema),
    address: required('address_address_required').pipe(z.string().max(300)),
    addressType: z.union([z.literal(1), z.literal(2)]).default(1),
    isDefaultAddress: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.scheme === 3 && !value.districtId)
      ctx.addIssue({ code: 'custom', path: ['districtId'], message: 'address_district_required' });
  });
export type AddressInput = z.input<typeof addressInput>;

const idInput = z.object({ userAddressId: rowId() });

const define = featureEndpoints('address');

export const addressEndpoints = {
  localities: define({
    method: 'GET',
    path: '/api/localities',
    summary:
      'Vietnamese localities of a scheme (2: two-tier since 2025-07-01, 3: three-tier): the provinces, or what lies directly under `parent`',
    auth: 'public',
    input: z.object({ scheme: schemeSchema, parent: codeSchema.optional() }),
    output: z.array(localitySchema),
    errors: ['not_found'],
  }),
  list: define({
    method: 'GET',
    path: '/api/account/address',
    summary: "The person's addresses: the default first, then the newest first",
    auth: 'user',
    output: z.array(userAddressSchema),
  }),
  hasDefault: define({
    method: 'GET',
    path: '/api/account/address/default-check',
    summary: 'Whether the person has a default address',
    auth: 'user',
    output: z.boolean(),
  }),
  nameAndPhone: define({
    method: 'GET',
    path: '/api/account/address/name-and-phone',
    summary: "The account's full name and primary phone, to prefill a new address",
    auth: 'user',
    output: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  }),
  get: define({
    method: 'GET',
    path: '/api/account/address/:userAddressId',
    summary: 'One of the person’s addresses',
    auth: 'user',
    input: idInput,
    output: userAddressSchema,
    errors: ['not_found'],
  }),
  create: define({
    method: 'POST',
    path: '/api/account/address',
    summary: 'Adds an address (the first one becomes the default)',
    auth: 'user',
    input: addressInput,
    output: userAddressSchema,
    errors: ['address_locality_invalid', 'address_limit_reached'],
  }),
  update: define({
    method: 'PUT',
    path: '/api/account/address/:userAddressId',
    summary: 'Changes an address; a two-tier one carries districtId null',
    auth: 'user',
    input: z.intersection(idInput, addressInput),
    output: userAddressSchema,
    errors: ['not_found', 'address_locality_invalid'],
  }),
  remove: define({
    method: 'DELETE',
    path: '/api/account/address/:userAddressId',
    summary: 'Deletes an address that is not the default',
    auth: 'user',
    input: idInput,
    output: z.literal(true),
    errors: ['not_found', 'address_default_cannot_delete'],
  }),
};
