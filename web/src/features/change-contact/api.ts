import { contactsEndpoints as E } from '@portico/contracts';
import { call } from '../../api/endpoint';
import type { ContactKind } from '../../lib/contactKinds';

// Change and activate e-mail / phone (spec sign-in §7 "Activate / change e-mail and phone";
// contracts/src/contacts.ts). The e-mail endpoints take newemail, the phone ones newphone.

/** Empty otp: a code goes to the new address ({ times }); with the otp: the change ({ ok: true }). */
export const changeContact = (kind: ContactKind, value: string, otp: string) =>
  kind === 'email' ? call(E.changeEmail, { newemail: value, otp }) : call(E.changePhone, { newphone: value, otp });

/** Sends the activation code to the address (the primary one when empty). */
export const sendActivationCode = (kind: ContactKind, value: string) =>
  kind === 'email' ? call(E.activateEmailSend, { newemail: value }) : call(E.activatePhoneSend, { newphone: value });

export const activate = (kind: ContactKind, value: string, otp: string) =>
  kind === 'email' ? call(E.activateEmail, { newemail: value, otp }) : call(E.activatePhone, { newphone: value, otp });
