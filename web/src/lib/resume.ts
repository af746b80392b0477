/** Where a (re)loaded code flow starts: step 2 with the remaining seconds, or step 1. */
export type ResumeStart = { step: 1 } | { step: 2; username: string; times: number };

/**
 * Spec §4 (register, forgot password): a cookie keeps the username of a flow in progress; on
 * load the server is asked whether it still is: yes -> step 2 with the remaining seconds; no
 * (or the check fails) -> the cookie is deleted and the flow starts at step 1.
 */
export async function resumeFromCookie(
  stored: string | null,
  check: (username: string) => Promise<{ times: number }>,
  forget: () => void,
): Promise<ResumeStart> {
  const username = stored?.trim();
  if (!username) return { step: 1 };
  try {
    const answer = await check(username);
    return { step: 2, username, times: Math.max(0, answer?.times ?? 0) };
  } catch {
    forget();
    return { step: 1 };
  }
}
