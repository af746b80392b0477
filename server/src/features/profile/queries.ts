import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { NewUser } from '../../modules/users/index.js';

export type ProfileUpdate = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'birthdate'
    | 'gender'
    | 'identification'
    | 'maritalStatus'
    | 'languageId'
    | 'timezone'
    | 'bio'
    | 'avatar'
  >
>;

/** Writes columns of the users row (the OIDC claims read them: name, locale, zoneinfo, picture). */
export const updateProfile = (db: Db, userId: string, set: ProfileUpdate) =>
  db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
