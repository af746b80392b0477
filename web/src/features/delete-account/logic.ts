/** Milliseconds between the deletion and the sign-out (spec account §9). */
export const SIGN_OUT_AFTER_MS = 1000;

/** Host message once the account is deleted (native app / parent window). */
export const DELETE_ACCOUNT_MESSAGE = 'delete_account_success';

/** The form's own checks: the confirmation box, then the password when the account has one. */
export const deleteFormErrors = (v: { confirm: boolean; password: string }, withPassword: boolean) => {
  const errors: Record<string, string> = {};
  if (!v.confirm) errors.confirm = 'delete_account_confirm_error';
  if (withPassword && !v.password) errors.password = 'error_password_empty';
  return errors;
};
