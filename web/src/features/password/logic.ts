import { type FieldError, NEW_PASSWORD_KEYS, passwordPairErrors } from '@portico/contracts';

// The change / set password rules (spec §5), free of React so they can be tested on their own.

export type PasswordMode = 'change' | 'set';

/** Set-password mode when the server says the account needs no current password (spec §4). */
export const modeFor = (answer: { required: boolean } | undefined): PasswordMode =>
  answer && !answer.required ? 'set' : 'change';

/** Step 1 of change password, in order: current, new (empty, invalid), confirm (empty, mismatch). */
export const changeStep1Errors = (v: {
  currentpassword: string;
  newpassword: string;
  confirmnewpassword: string;
}): FieldError[] => [
  ...(v.currentpassword.trim() ? [] : [{ field: 'currentpassword', key: 'error_current_password_empty' } as const]),
  ...passwordPairErrors(v.newpassword, v.confirmnewpassword, NEW_PASSWORD_KEYS, {
    password: 'newpassword',
    repeat: 'confirmnewpassword',
  }),
];

/** Step 2: a method must be chosen, and the code given. */
export const changeStep2Errors = (v: { otpType: string | null; otp: string }): FieldError[] => [
  ...(v.otpType ? [] : [{ field: 'OtpType', key: 'please_select_method_receive_2fa_code' } as const]),
  ...(v.otp.trim() ? [] : [{ field: 'otp', key: 'please_enter_otp_code' } as const]),
];

/** Set first password: the same rules without the current password. */
export const setPasswordErrors = (v: { password: string; rePassword: string }): FieldError[] =>
  passwordPairErrors(v.password, v.rePassword, NEW_PASSWORD_KEYS, { password: 'password', repeat: 'rePassword' });

/**
 * What a change-password answer means: a code was sent (step 2, countdown from times), or the
 * change is done (ok, or the server says two-factor is disabled so no code is needed).
 */
export const changeOutcome = (
  answer: { times?: number; ok?: boolean; twoFactorDisabled?: boolean } | null | undefined,
): { kind: 'code'; times: number } | { kind: 'done' } => {
  if (answer && (answer.ok || answer.twoFactorDisabled)) return { kind: 'done' };
  return { kind: 'code', times: Math.max(0, answer?.times ?? 0) };
};
