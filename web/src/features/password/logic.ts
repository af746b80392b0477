// The change / set password page's answers, free of React so they can be tested on their own; its
// field rules are the endpoints' input schemas (contracts/src/password.ts).

export type PasswordMode = 'change' | 'set';

/** Set-password mode when check-require-password says the account needs no current password (spec §4). */
export const modeFor = (required: boolean | undefined): PasswordMode => (required === false ? 'set' : 'change');

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
