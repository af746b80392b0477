import {
  type ContactOtpInput,
  type ContactSendOtpInput,
  type ContactType,
  contactsEndpoints as E,
} from '@portico/contracts';
import { call } from '../../api/endpoint';

// The e-mail and phone pages' calls (spec account §7, contracts/src/contacts.ts), behind the bearer token.

export const contactsKey = (type: ContactType) => ['contacts', type] as const;

export const listContacts = (type: ContactType) => call(E.list, { type });

/** True when the address is on this account already. */
export const contactExists = (name: string) => call(E.exists, { userPhoneEmailName: name });

/** Creates an unconfirmed entry; the server sends it a code ({ id, times }). */
export const createContact = (type: ContactType, name: string) =>
  call(E.create, { type, Name: name, isConfirmed: false });

/** (Re)sends the code of an entry: activation (unconfirmed) or removal (confirmed). */
export const sendContactOtp = (input: ContactSendOtpInput) => call(E.sendOtp, input);

export const activateContact = (input: ContactOtpInput) => call(E.activate, input);

export const setPrimaryContact = (id: number) => call(E.setPrimary, { id });

export const setAllowLogin = (id: number, isAllow: boolean) => call(E.allowLogin, { id, isAllow });

/** Removes an unconfirmed entry. */
export const deleteContact = (id: number) => call(E.remove, { userPhoneEmailId: id });

/** Removes a confirmed, non-primary entry with the code sent to it. */
export const deleteContactByOtp = (input: ContactOtpInput) => call(E.removeByOtp, input);
