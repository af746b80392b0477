import type { UserContact } from '@portico/contracts';

// The e-mail and phone list rules (spec account §2, §4, §9), free of React.

/** An entry with its auto-generated label number ("Email 1", "Phone 2"). */
export type LabelledContact = UserContact & { n: number };

/**
 * Each entry numbered from 1 by age (oldest first), so its label stays when another becomes
 * primary (issue 34 point 8); shown the primary first, then the oldest first.
 */
export const labelContacts = (list: readonly UserContact[]): LabelledContact[] =>
  [...list]
    .sort((a, b) => a.id - b.id)
    .map((contact, index) => ({ ...contact, n: index + 1 }))
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.id - b.id);

/** The add link shows while the list has at most `maximum` entries (spec §2, §9; the server refuses beyond). */
export const canAddContact = (count: number, maximum: number): boolean => count <= maximum;

export type DeleteMode = 'direct' | 'code' | null;

/** The controls of one entry. */
export interface ContactActions {
  /** Allow-login checkbox: confirmed, non-primary entries. */
  allowLogin: boolean;
  /** Set-primary link: confirmed, non-primary entries. */
  setPrimary: boolean;
  /** Verify link (code popup): unconfirmed entries. */
  verify: boolean;
  /** Delete: an unconfirmed entry directly (after a confirm modal), a confirmed one with a code sent to it; never the primary. */
  remove: DeleteMode;
}

export const contactActions = (c: Pick<UserContact, 'isConfirmed' | 'isPrimary'>): ContactActions => {
  const confirmedSecondary = c.isConfirmed && !c.isPrimary;
  return {
    allowLogin: confirmedSecondary,
    setPrimary: confirmedSecondary,
    verify: !c.isConfirmed,
    remove: c.isPrimary ? null : c.isConfirmed ? 'code' : 'direct',
  };
};
