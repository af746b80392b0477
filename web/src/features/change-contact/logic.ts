import type { ChangeContactAnswer, ContactInfo } from '@portico/contracts';
import type { ContactKind } from '../../lib/contactKinds';

// The change and activate page rules (spec sign-in §4, §5), free of React.

export type ChangeStep = 1 | 2 | 3;

/** A change answer: a code was sent (step 2, countdown from times) or the change is done (step 3). */
export const changeOutcome = (
  answer: ChangeContactAnswer | null | undefined,
): { kind: 'code'; times: number } | { kind: 'done' } => {
  if (answer && 'ok' in answer && answer.ok) return { kind: 'done' };
  const times = answer && 'times' in answer ? answer.times : 0;
  return { kind: 'code', times: Math.max(0, times) };
};

/**
 * The address the activate page works on: ?newemail= / ?newphone= when given, else the account's
 * primary address (the server's default too); null when there is none.
 */
export const activationTarget = (
  kind: ContactKind,
  query: string | null,
  info: ContactInfo | undefined,
): string | null => {
  const given = query?.trim();
  if (given) return given;
  const primary = kind === 'email' ? info?.email : info?.phoneNumber;
  return primary?.trim() || null;
};
