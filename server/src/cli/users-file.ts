import { and, asc, gt, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { userContacts, users } from '../db/schema.js';

// `users export` / `users import` (issue 31 point 4): one JSON object per line per live account,
// passwords as their argon2id PHC strings, so accounts move between installations and keep
// signing in with the passwords they had. What else a person has (profiles, orders, points…) is
// the person's own export (issue 32); this moves accounts.

const contactLine = z.object({
  type: z.enum(['email', 'phone']),
  value: z.string().min(1).max(320),
  confirmed: z.boolean(),
  primary: z.boolean(),
  allowLogin: z.boolean(),
});

export const userLine = z.object({
  id: z.string().min(1).max(100),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  passwordHash: z
    .string()
    .regex(/^\$argon2(id|i|d)\$/, 'an argon2 PHC string')
    .nullable(),
  birthdate: z.string().nullable(),
  gender: z.number().int().nullable(),
  languageId: z.string(),
  timezone: z.string(),
  createdAt: z.string(),
  suspended: z.boolean(),
  contacts: z.array(contactLine).max(50),
});
export type UserLine = z.infer<typeof userLine>;

const BATCH = 500;

/** Every live account, a batch at a time, as export lines. */
export async function* exportUsers(db: Db): AsyncGenerator<UserLine> {
  let after = '';
  for (;;) {
    const rows = await db
      .select()
      .from(users)
      .where(and(isNull(users.deletedAt), after ? gt(users.id, after) : undefined))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const contacts = await db
      .select()
      .from(userContacts)
      .where(
        inArray(
          userContacts.userId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(userContacts.id));
    for (const u of rows) {
      yield {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash: u.passwordHash,
        birthdate: u.birthdate,
        gender: u.gender,
        languageId: u.languageId,
        timezone: u.timezone,
        createdAt: u.createdAt.toISOString(),
        suspended: u.suspendedAt !== null,
        contacts: contacts
          .filter((c) => c.userId === u.id)
          .map((c) => ({
            type: c.type === 2 ? ('email' as const) : ('phone' as const),
            value: c.value,
            confirmed: c.isConfirmed,
            primary: c.isPrimary,
            allowLogin: c.allowLogin,
          })),
      };
    }
    after = rows[rows.length - 1]?.id ?? '';
  }
}

/**
 * Adds one account from an export line, whole or not at all: false when its id, or one of its
 * confirmed addresses, is already taken here (the database's unique indexes decide).
 */
export async function importUser(db: Db, line: UserLine): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(users)
        .values({
          id: line.id,
          firstName: line.firstName,
          lastName: line.lastName,
          passwordHash: line.passwordHash,
          birthdate: line.birthdate,
          gender: line.gender,
          languageId: line.languageId,
          timezone: line.timezone,
          createdAt: new Date(line.createdAt),
          suspendedAt: line.suspended ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!made) return false;
      if (line.contacts.length > 0)
        await tx.insert(userContacts).values(
          line.contacts.map((c) => ({
            userId: line.id,
            type: c.type === 'email' ? 2 : 1,
            value: c.value,
            isConfirmed: c.confirmed,
            isPrimary: c.primary,
            allowLogin: c.allowLogin,
          })),
        );
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
