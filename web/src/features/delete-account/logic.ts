import { checkPasswordInput, deleteAccountInput } from '@portico/contracts';

/** Milliseconds between the deletion and the sign-out (spec account §9). */
export const SIGN_OUT_AFTER_MS = 1000;

/** The form's checks (contracts/src/delete-account.ts): the confirmation box, and the password when the account has one. */
export const deleteFormSchema = (withPassword: boolean) =>
  withPassword ? deleteAccountInput.extend({ password: checkPasswordInput.shape.password }) : deleteAccountInput;
