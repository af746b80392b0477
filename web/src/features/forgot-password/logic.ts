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
 * reset alone (the page then signs in through the portal).
 */
export const afterReset = (
  answer: ResetPasswordAnswer | null | undefined,
): { kind: 'redirect'; url: string } | { kind: 'sign-in' } => {
  if (answer && 'redirectUrl' in answer && (answer.isOk || answer.requiresTwoFactor) && answer.redirectUrl) {
    return { kind: 'redirect', url: answer.redirectUrl };
  }
  return { kind: 'sign-in' };
};
