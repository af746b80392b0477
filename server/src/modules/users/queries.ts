import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { devices, oidcPayloads, userContacts, users } from '../../db/schema.js';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Contact = typeof userContacts.$inferSelect;

export const CONTACT_PHONE = 1;
export const CONTACT_EMAIL = 2;

/** A user's primary e-mail or phone as the claims and the account pages show it. */
export type PrimaryContact = { value: string; isConfirmed: boolean };
/** A live account with its primary e-mail and phone, read in one statement (findAccount). */
export type Account = { user: User; email: PrimaryContact | null; phone: PrimaryContact | null };
/** What an access token's row holds (oidc-provider's AccessToken payload, stored by server/src/oidc/adapter.ts). */
export type AccessTokenPayload = {
  exp?: number;
  accountId?: string;
  clientId?: string;
  sessionUid?: string;
  grantId?: string;
  expiresWithSession?: boolean;
};

const emails = alias(userContacts, 'email');
const phones = alias(userContacts, 'phone');
const primaryOf = (contacts: typeof emails | typeof phones, type: number) =>
  and(eq(contacts.userId, users.id), eq(contacts.type, type), eq(contacts.isPrimary, true));

// Read on every sign-in, token and bearer check: prepared once per database (server/src/db/prepared.ts).
// A suspended account (the admin console, migration 0021) is no account to the provider nor to a bearer token.
const statements = preparedFor((db) => ({
  userById: db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('users_by_id'),
  accessToken: db
    .select({
      token: oidcPayloads.payload,
      user: users,
      email: { value: emails.value, isConfirmed: emails.isConfirmed },
      phone: { value: phones.value, isConfirmed: phones.isConfirmed },
      // How the token's sign-in was made (the current user's idp), in the same round trip.
      signInMethod: sql<string | null>`(select ${devices.signInMethod} from ${devices}
        where ${devices.sessionUid} = ${oidcPayloads.payload}->>'sessionUid'
        order by ${devices.loginTime} desc limit 1)`,
    })
    .from(oidcPayloads)
    .innerJoin(
      users,
      and(eq(users.id, sql`${oidcPayloads.payload}->>'accountId'`), isNull(users.deletedAt), isNull(users.suspendedAt)),
    )
    .leftJoin(emails, primaryOf(emails, CONTACT_EMAIL))
    .leftJoin(phones, primaryOf(phones, CONTACT_PHONE))
    .where(
      and(
        eq(oidcPayloads.type, 'AccessToken'),
        eq(oidcPayloads.id, sql.placeholder('id')),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
      ),
    )
    .limit(1)
    .prepare('users_account_of_access_token'),
  account: db
    .select({
      user: users,
      email: { value: emails.value, isConfirmed: emails.isConfirmed },
      phone: { value: phones.value, isConfirmed: phones.isConfirmed },
    })
    .from(users)
    .leftJoin(emails, primaryOf(emails, CONTACT_EMAIL))
    .leftJoin(phones, primaryOf(phones, CONTACT_PHONE))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt), isNull(users.suspendedAt)))
    .limit(1)
    .prepare('users_account'),
  byLoginName: db
    .select({ user: users })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.userId))
    .where(
      and(
        eq(userContacts.type, sql.placeholder('type')),
        eq(userContacts.value, sql.placeholder('value')),
        eq(userContacts.isConfirmed, true),
        eq(userContacts.allowLogin, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('users_by_login_name'),
}));

export const findUserById = async (db: Db, id: string): Promise<User | undefined> => {
  const [row] = await statements(db).userById.execute({ id });
  return row;
};

/** A live account with its primary e-mail and phone (the claims of a token, the account pages' header). */
export const findAccount = async (db: Db, id: string): Promise<Account | undefined> => {
  const [row] = await statements(db).account.execute({ id });
  return row;
};

/**
 * An unexpired access token's payload with its live account, in one statement: the bearer check of
 * every account API call (server/src/features/auth/bearer.ts). Undefined for an unknown, revoked
 * (deleted) or expired token, or one whose account is gone.
 */
export const findAccessTokenAccount = async (
  db: Db,
  tokenId: string,
): Promise<(Account & { token: AccessTokenPayload; signInMethod: string | null }) | undefined> => {
  const [row] = await statements(db).accessToken.execute({ id: tokenId });
  return row ? { ...row, token: row.token as AccessTokenPayload } : undefined;
};

/** The live account that may sign in with this confirmed e-mail or phone. */
export const findUserByLoginName = async (db: Db, type: number, value: string): Promise<User | undefined> => {
  const [row] = await statements(db).byLoginName.execute({ type, value });
  return row?.user;
};

export const findPrimaryContact = async (db: Db, userId: string, type: number): Promise<Contact | undefined> => {
  const [row] = await db
    .select()
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.type, type), eq(userContacts.isPrimary, true)))
    .limit(1);
  return row;
};

/**
 * Where the owner is told about a change to how the account signs in or recovers: its confirmed
 * primary e-mail, else its confirmed primary phone (by SMS); null when it has neither.
 */
export async function securityContact(db: Db, userId: string): Promise<string | null> {
  for (const type of [CONTACT_EMAIL, CONTACT_PHONE]) {
    const contact = await findPrimaryContact(db, userId, type);
    if (contact?.isConfirmed) return contact.value;
  }
  return null;
}

/**
 * The accounts besides the operators the command line made before the first start (members of
 * a permission group): a database holding only those is still new (the demo account's seed).
 */
export const countUsers = async (db: Db): Promise<number> =>
  await db.$count(users, sql`${users.id} not in (select member_id from group_members where member_kind = 'user')`);

export const insertUserWithContact = (
  db: Db,
  user: NewUser,
  contact: { type: number; value: string; isConfirmed: boolean },
) =>
  db.transaction(async (tx) => {
    await tx.insert(users).values(user);
    await tx.insert(userContacts).values({ userId: user.id, ...contact, isPrimary: true, allowLogin: true });
  });

// Registration (register, a first sign-in through a provider) and its details form.

export type ConfirmedHolder = { deleted: boolean; languageId: string };

/** Who holds a confirmed e-mail or phone: a live account, a deleted one, or nobody (undefined). */
export const findConfirmedHolder = async (
  db: Db,
  type: number,
  value: string,
): Promise<ConfirmedHolder | undefined> => {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, languageId: users.languageId })
    .from(userContacts)
    .innerJoin(users, eq(users.id, userContacts.userId))
    .where(and(eq(userContacts.type, type), eq(userContacts.value, value), eq(userContacts.isConfirmed, true)))
    .limit(1);
  return row ? { deleted: row.deletedAt !== null, languageId: row.languageId } : undefined;
};

/**
 * A new account with its confirmed, primary sign-in e-mail (or phone); none for a Zalo sign-up;
 * `confirmed: false` (a Facebook address) leaves it as an added entry waiting for its code.
 */
export const insertRegisteredUser = async (
  db: Db,
  user: NewUser & { id: string },
  contact: { type: number; value: string; confirmed?: boolean } | null,
) => {
  await db.insert(users).values(user);
  if (!contact) return;
  const { confirmed = true, ...entry } = contact;
  await db
    .insert(userContacts)
    .values({ userId: user.id, ...entry, isConfirmed: confirmed, isPrimary: confirmed, allowLogin: true });
};

export type InfoUpdate = Pick<NewUser, 'firstName' | 'lastName' | 'birthdate' | 'gender' | 'timezone'> & {
  passwordHash?: string;
};

/** Writes the details of the update-info form. */
export const updateUserInfo = (db: Db, userId: string, info: InfoUpdate) =>
  db
    .update(users)
    .set({ ...info, updatedAt: sql`now()` })
    .where(eq(users.id, userId));

/**
 * Locks the person's account row until the transaction ends: rules that read before they write
 * (a count limit, one default or primary, a status) run one at a time per person, also when there
 * is no row of their own yet to lock (a first address, profile or verification).
 */
export const lockUser = (tx: Db, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/**
 * Holds a live account (not deleted) until the transaction ends, without making other writers
 * of the person's own rows wait: a deletion waits for it, and one that came first leaves no row
 * (then undefined), so nothing is written for an account already erased.
 */
export const holdLiveUser = async (tx: Db, userId: string): Promise<{ id: string } | undefined> => {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('share');
  return row;
};

/** Whether an operator has suspended the account (migration 0021_admin.sql). */
export const isSuspended = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
};

/** Suspends or restores an account; false when there is no live account of that id. */
export const setSuspended = async (db: Db, userId: string, suspended: boolean): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
};

/** Clears the personal data of a live users row and marks it deleted; false when it was deleted already. */
export const eraseUser = async (db: Db, userId: string): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({
      firstName: '',
      lastName: '',
      passwordHash: null,
      birthdate: null,
      gender: null,
      identification: null,
      maritalStatus: null,
      bio: null,
      avatar: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
};
