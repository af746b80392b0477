import type { ResetPasswordAnswer } from '@portico/contracts';
import { interactionUid } from '../../lib/interaction';

/** The ReturnUrl of the page when it is a provider interaction (`/oidc/interaction/<uid>`), else undefined. */
export const interactionReturnUrl = (search: URLSearchParams): string | undefined => {
  const raw = search.get('ReturnUrl') ?? search.get('returnUrl') ?? '';
  return interactionUid(raw) ? raw : undefined;
};

/**
 * What the reset answer leads to: the sign-in finished by the server, or its second step owed
 * (two-step on: redirectUrl opens login step 3), both by following redirectUrl; or the password
 * reset alone, with a one-time login token the token-login page signs this browser in to the
 * portal with (loginToken null: the plain login page).
 */
export const afterReset = (
  answer: ResetPasswordAnswer | null | undefined,
): { kind: 'redirect'; url: string } | { kind: 'sign-in'; loginToken: string | null } => {
  if (answer && 'redirectUrl' in answer && (answer.isOk || answer.requiresTwoFactor) && answer.redirectUrl) {
    return { kind: 'redirect', url: answer.redirectUrl };
  }
  return { kind: 'sign-in', loginToken: answer && 'loginToken' in answer ? answer.loginToken : null };
};

/** The token-login page's address for a reset's login token; `reset` makes it say the password changed. */
export const resetSignInPath = (loginToken: string): string =>
  `/token-login?${new URLSearchParams({ token: loginToken, reset: '1' })}`;
