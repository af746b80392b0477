import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { userContacts, users } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../modules/users/index.js';

export const TEST_PASSWORD = 'Secret@123';

export type TestUserOptions = {
  email?: string;
  phone?: string;
  /** null: an account without a password (social sign-up). Default TEST_PASSWORD. */
  password?: string | null;
  confirmed?: boolean;
  allowLogin?: boolean;
  deleted?: boolean;
  languageId?: string;
  firstName?: string;
  lastName?: string;
};

/** Inserts an account with an e-mail and/or a phone, confirmed and allowing login unless told otherwise. */
export async function createUser(db: Db, opts: TestUserOptions = {}) {
  const id = randomUUID();
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  await db.insert(users).values({
    id,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? 'User',
    passwordHash: password ? await hashPassword(password) : null,
    languageId: opts.languageId ?? 'vi-VN',
    deletedAt: opts.deleted ? new Date() : null,
  });
  const contact = { userId: id, isConfirmed: opts.confirmed ?? true, allowLogin: opts.allowLogin ?? true };
  if (opts.email)
    await db.insert(userContacts).values({ ...contact, type: CONTACT_EMAIL, value: opts.email, isPrimary: true });
  if (opts.phone)
    await db.insert(userContacts).values({ ...contact, type: CONTACT_PHONE, value: opts.phone, isPrimary: true });
  return { id, email: opts.email, phone: opts.phone, password };
}
