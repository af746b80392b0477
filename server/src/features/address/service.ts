import {
  type addressEndpoints,
  formatPersonName,
  type Locale,
  type LocalityScheme,
  MAX_ADDRESSES,
  type ParsedInputOf,
  type UserAddress,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findAccount, type User } from '../../modules/users/index.js';
import { chainHolds, type Division, localities, namesOf } from './localities.js';
import {
  type AddressRow,
  type AddressValues,
  clearDefault,
  deleteAddress,
  findAddress,
  hasDefaultAddress,
  insertAddress,
  listAddresses,
  lockAddresses,
  updateAddress,
} from './queries.js';

type E = typeof addressEndpoints;
type Form = ParsedInputOf<E['create']>;

const codesOf = (row: AddressRow) => ({
  scheme: row.scheme as LocalityScheme,
  provinceId: row.provinceCode,
  districtId: row.districtCode,
  wardId: row.wardCode,
});

function toAddress(row: AddressRow, divisions: Record<LocalityScheme, Division>): UserAddress {
  const codes = codesOf(row);
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    address: row.details,
    addressType: row.addressType === 2 ? 2 : 1,
    ...codes,
    localityNames: namesOf(divisions[codes.scheme], codes),
    phoneNumber: row.phoneNumber,
    isDefaultAddress: row.isDefault,
  };
}

/**
 * The address book (spec account §7 Addresses; issue 28 point 3): only the person's own
 * addresses are read or changed (another's id is 404), the localities must form their scheme's
 * chain, one default at most (held by the database: user_addresses_default_uq), and the first
 * address becomes it.
 */
export function createAddressService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;

  /** The form's values checked against the localities (400 address_locality_invalid). */
  async function valuesOf(form: Form): Promise<AddressValues> {
    const divisions = await localities();
    const codes = {
      scheme: form.scheme,
      provinceId: form.provinceId,
      districtId: form.scheme === 3 ? form.districtId : null,
      wardId: form.wardId,
    };
    if (!chainHolds(divisions[form.scheme], codes)) throw badRequest('address_locality_invalid');
    return {
      name: form.name,
      company: form.company,
      phoneNumber: form.phoneNumber,
      scheme: form.scheme,
      provinceCode: codes.provinceId,
      districtCode: codes.districtId,
      wardCode: codes.wardId,
      details: form.address,
      addressType: form.addressType,
    };
  }

  const shown = async (row: AddressRow) => toAddress(row, await localities());

  return {
    async list(userId: string): Promise<UserAddress[]> {
      const [rows, divisions] = await Promise.all([listAddresses(db, userId), localities()]);
      return rows.map((row) => toAddress(row, divisions));
    },

    hasDefault: (userId: string) => hasDefaultAddress(db, userId),

    /** The prefill of a new address: the account's name in the reader's order, its primary phone. */
    async nameAndPhone(user: User, locale: Locale) {
      const account = await findAccount(db, user.id);
      return { fullName: formatPersonName(user, locale), phoneNumber: account?.phone?.value ?? '' };
    },

    async get(userId: string, id: number) {
      const row = await findAddress(db, userId, id);
      if (!row) throw notFound();
      return shown(row);
    },

    async create(userId: string, form: Form) {
      const values = await valuesOf(form);
      const row = await db.transaction(async (tx) => {
        const held = await lockAddresses(tx, userId);
        if (held >= MAX_ADDRESSES) throw badRequest('address_limit_reached');
        const isDefault = held === 0 || form.isDefaultAddress;
        if (isDefault) await clearDefault(tx, userId);
        return insertAddress(tx, userId, values, isDefault);
      });
      return shown(row);
    },

    /** A change; ticking the default moves it here, and the default stays where it is when unticked. */
    async update(userId: string, { userAddressId, ...form }: ParsedInputOf<E['update']>) {
      const values = await valuesOf(form);
      const row = await db.transaction(async (tx) => {
        await lockAddresses(tx, userId);
        const before = await findAddress(tx, userId, userAddressId);
        if (!before) throw notFound();
        const isDefault = before.isDefault || form.isDefaultAddress;
        if (isDefault) await clearDefault(tx, userId, userAddressId);
        const updated = await updateAddress(tx, userId, userAddressId, values, isDefault);
        // Under the account's lock the row is still there; were it not, nothing here may commit.
        if (!updated) throw notFound();
        return updated;
      });
      return shown(row);
    },

    async remove(userId: string, id: number) {
      const outcome = await db.transaction(async (tx) => {
        await lockAddresses(tx, userId);
        return deleteAddress(tx, userId, id);
      });
      if (outcome === 'none') throw notFound();
      if (outcome === 'default') throw badRequest('address_default_cannot_delete');
      return true as const;
    },

    /** The localities of a scheme under a parent (the provinces without one); 404 for a code with none. */
    async localities(scheme: LocalityScheme, parent: string | undefined) {
      const list = (await localities())[scheme].children.get(parent ?? '');
      if (!list) throw notFound();
      return list;
    },
  };
}
