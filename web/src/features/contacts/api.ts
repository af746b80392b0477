import {
  ACCOUNT_PATHS,
  type ContactInfo,
  type ContactOtpInput,
  type ContactSendOtpInput,
  type ContactType,
  type CreateContactAnswer,
  type UserContact,
} from '@portico/contracts';
import { api } from '../../api/client';

// The e-mail and phone pages' calls (spec account §7), behind the bearer token.

export const contactsKey = (type: ContactType) => ['contacts', type] as const;
/** The primary e-mail and phone (change and activate pages). */
export const CONTACT_INFO_KEY = ['contacts', 'info'] as const;

export const listContacts = (type: ContactType) => api.get<UserContact[]>(ACCOUNT_PATHS.contacts, { query: { type } });

/** True when the address is on this account already or confirmed on another one. */
export const contactExists = (name: string) =>
  api.get<boolean>(ACCOUNT_PATHS.contactExists, { query: { userPhoneEmailName: name } });

/** Creates an unconfirmed entry; the server sends it a code ({ id, times }). */
export const createContact = (type: ContactType, name: string) =>
  api.post<CreateContactAnswer>(ACCOUNT_PATHS.contacts, { type, Name: name, isConfirmed: false });

/** (Re)sends the code of an entry: activation (unconfirmed) or removal (confirmed). */
export const sendContactOtp = (input: ContactSendOtpInput) =>
  api.post<{ times: number }>(ACCOUNT_PATHS.contactSendOtp, input);

export const activateContact = (input: ContactOtpInput) => api.post<UserContact>(ACCOUNT_PATHS.contactActivate, input);

export const setPrimaryContact = (id: number) => api.put<true>(ACCOUNT_PATHS.contactSetPrimary, { id });

export const setAllowLogin = (id: number, isAllow: boolean) =>
  api.put<true>(ACCOUNT_PATHS.contactAllowLogin, { id, isAllow });

/** Removes an unconfirmed entry. */
export const deleteContact = (id: number) =>
  api.delete<true>(ACCOUNT_PATHS.contactDelete, { query: { userPhoneEmailId: id } });

/** Removes a confirmed, non-primary entry with the code sent to it. */
export const deleteContactByOtp = (input: ContactOtpInput) => api.post<true>(ACCOUNT_PATHS.contactDeleteByOtp, input);

export const getContactInfo = () => api.get<ContactInfo>(ACCOUNT_PATHS.updateInfo);
