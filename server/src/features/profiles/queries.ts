import { and, desc, eq, ne } from 'drizzle-orm';
import { type Db, firstRow } from '../../db/client.js';
import { userProfiles } from '../../db/schema.js';

export type ProfileRow = typeof userProfiles.$inferSelect;
export type ProfileLists = Pick<ProfileRow, 'education' | 'experience' | 'certifications' | 'references'>;

const mine = (userId: string, id: number) => and(eq(userProfiles.userId, userId), eq(userProfiles.id, id));

/** The default first, then the newest. */
export const listProfiles = (db: Db, userId: string): Promise<ProfileRow[]> =>
  db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .orderBy(desc(userProfiles.isDefault), desc(userProfiles.id));

export const findProfile = (db: Db, userId: string, id: number): Promise<ProfileRow | undefined> =>
  firstRow(db.select().from(userProfiles).where(mine(userId, id)));

export async function insertProfile(
  tx: Db,
  userId: string,
  values: { displayName: string; role: string },
  isDefault: boolean,
) {
  const [row] = await tx
    .insert(userProfiles)
    .values({ userId, ...values, isDefault })
    .returning({ id: userProfiles.id });
  return row!.id;
}

export async function updateProfile(
  tx: Db,
  userId: string,
  id: number,
  values: Partial<Omit<ProfileRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .update(userProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(mine(userId, id))
    .returning();
  return row;
}

/** Makes `id` the person's default (none other stays it); false when it is not theirs. */
export async function makeDefault(tx: Db, userId: string, id: number): Promise<boolean> {
  if (!(await findProfile(tx, userId, id))) return false;
  await tx
    .update(userProfiles)
    .set({ isDefault: false })
    .where(and(eq(userProfiles.userId, userId), eq(userProfiles.isDefault, true), ne(userProfiles.id, id)));
  await tx.update(userProfiles).set({ isDefault: true }).where(mine(userId, id));
  return true;
}

export async function deleteProfile(tx: Db, userId: string, id: number): Promise<ProfileRow | undefined> {
  const [row] = await tx.delete(userProfiles).where(mine(userId, id)).returning();
  return row;
}

/** Erases the person's profiles (the account is being deleted); answers them (their avatars to remove). */
export const deleteProfilesOf = (tx: Db, userId: string) =>
  tx.delete(userProfiles).where(eq(userProfiles.userId, userId)).returning();
