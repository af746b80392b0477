import { formatPersonName } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import { type Account, CONTACT_EMAIL, CONTACT_PHONE, findPrimaryContact, type User } from './queries.js';

/** The OIDC claims of an account, by scope (profile, email, phone); `name` written as the user's language writes names. */
export function accountClaims({ user, email, phone }: Account) {
  const name = formatPersonName(user, user.languageId);
  return {
    sub: user.id,
    name: name || undefined,
    given_name: user.firstName || undefined,
    family_name: user.lastName || undefined,
    locale: user.languageId,
    zoneinfo: user.timezone,
    picture: user.avatar ?? undefined,
    email: email?.value,
    email_verified: email ? email.isConfirmed : undefined,
    phone_number: phone?.value,
    phone_number_verified: phone ? phone.isConfirmed : undefined,
  };
}

/** The OIDC claims of a user whose contacts are not loaded yet. */
export async function userClaims(db: Db, user: User) {
  const [email, phone] = await Promise.all([
    findPrimaryContact(db, user.id, CONTACT_EMAIL),
    findPrimaryContact(db, user.id, CONTACT_PHONE),
  ]);
  return accountClaims({ user, email: email ?? null, phone: phone ?? null });
}
