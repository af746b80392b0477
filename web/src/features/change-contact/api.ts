import { ACCOUNT_PATHS, type ChangeContactAnswer } from '@portico/contracts';
import { api } from '../../api/client';
import type { ContactKind } from '../contacts/kinds';

// Change and activate e-mail / phone (spec sign-in §7 "Activate / change e-mail and phone").

const CHANGE_PATHS = { email: ACCOUNT_PATHS.changeEmail, phone: ACCOUNT_PATHS.changePhone } as const;
const SEND_PATHS = { email: ACCOUNT_PATHS.activateEmailSendCode, phone: ACCOUNT_PATHS.activatePhoneSendCode } as const;
const ACTIVATE_PATHS = { email: ACCOUNT_PATHS.activateEmail, phone: ACCOUNT_PATHS.activatePhone } as const;
const FIELDS = { email: 'newemail', phone: 'newphone' } as const;

/** Empty otp: a code goes to the new address ({ times }); with the otp: the change ({ ok: true }). */
export const changeContact = (kind: ContactKind, value: string, otp: string) =>
  api.post<ChangeContactAnswer>(CHANGE_PATHS[kind], { [FIELDS[kind]]: value, otp });

/** Sends the activation code to the address (the primary one when empty). */
export const sendActivationCode = (kind: ContactKind, value: string) =>
  api.post<{ times: number }>(SEND_PATHS[kind], { [FIELDS[kind]]: value });

export const activate = (kind: ContactKind, value: string, otp: string) =>
  api.post<{ ok: true }>(ACTIVATE_PATHS[kind], { [FIELDS[kind]]: value, otp });
