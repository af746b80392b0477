// The federation port (issue 25): each external identity provider (Google, Facebook, Zalo) has one
// adapter that turns what the browser brings back into a verified identity, or refuses it with
// login_invalid_external_info. The sign-in, linking and update-info build on this, never on a
// provider's own shapes.

export type ExternalProvider = 'google' | 'facebook' | 'zalo';

/** Who the provider says the person is, after the proof was checked. */
export type ExternalIdentity = {
  provider: ExternalProvider;
  /** The provider's stable id of the person (Google's `sub`). */
  subject: string;
  /** The person's e-mail at the provider (Zalo gives none). */
  email: string | null;
  /**
   * The provider says the address is its owner's (Google's `email_verified`). Facebook says
   * nothing of the kind, so its address is only a suggestion: never a sign-in name, never matched
   * to an account, until a code sent to it confirms it.
   */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
};
