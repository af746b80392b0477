/**
 * A password reset token one page hands to the forgot-password page in the navigation state (the
 * "this wasn't me" link, web/src/features/devices/NotMePage.tsx), so the token never goes into a URL.
 */
export type ResetHandOver = { username: string; token: string };

export const resetHandOverState = (reset: ResetHandOver) => ({ reset });

/** The handed-over reset of a navigation state, or null. */
export function readResetHandOver(state: unknown): ResetHandOver | null {
  const reset = (state as { reset?: unknown } | null)?.reset as Partial<ResetHandOver> | undefined;
  return typeof reset?.username === 'string' && typeof reset.token === 'string' && reset.token
    ? { username: reset.username, token: reset.token }
    : null;
}
