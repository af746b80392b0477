import { type AddressInput, addressEndpoints as e, type LocalityScheme } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Address book calls (spec account §7 Addresses), behind the bearer token; the localities are public.

export const ADDRESS_QUERY_KEY = ['account', 'address'] as const;
export const addressKey = (id: number) => [...ADDRESS_QUERY_KEY, 'one', id] as const;
export const NAME_AND_PHONE_KEY = [...ADDRESS_QUERY_KEY, 'name-and-phone'] as const;

export const listAddresses = () => call(e.list, {});
export const getAddress = (userAddressId: number) => call(e.get, { userAddressId });
export const getNameAndPhone = () => call(e.nameAndPhone, {});
export const createAddress = (input: AddressInput) => call(e.create, input);
export const updateAddress = (userAddressId: number, input: AddressInput) =>
  call(e.update, { userAddressId, ...input });
export const deleteAddress = (userAddressId: number) => call(e.remove, { userAddressId });

/** One level of the picker: the provinces (no parent), or what lies directly under a code. */
export const localitiesKey = (scheme: LocalityScheme, parent: string | null) =>
  ['localities', scheme, parent ?? ''] as const;
export const getLocalities = (scheme: LocalityScheme, parent: string | null) =>
  call(e.localities, { scheme, ...(parent ? { parent } : {}) });
