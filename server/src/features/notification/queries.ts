import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fromExcluded } from '../../db/excluded.js';
import { notificationBlocks, notificationChoices, notificationModules } from '../../db/schema.js';

export type BlockRow = typeof notificationBlocks.$inferSelect;
export type ModuleRow = typeof notificationModules.$inferSelect;
export type Channels = { email: boolean; web: boolean; app: boolean };
/** A module with the person's channels: their choice, or the module's defaults when they never chose. */
export type ModuleWithChannels = ModuleRow & { channels: Channels };

export const listBlocks = (db: Db): Promise<BlockRow[]> =>
  db.select().from(notificationBlocks).orderBy(asc(notificationBlocks.name), asc(notificationBlocks.id));

/** The modules (all, or those `where` picks) with the person's channels, general first, then by block, in registration order. */
export async function listModulesFor(db: Db, userId: string, where?: SQL): Promise<ModuleWithChannels[]> {
  const rows = await db
    .select({ module: notificationModules, choice: notificationChoices })
    .from(notificationModules)
    .leftJoin(
      notificationChoices,
      and(eq(notificationChoices.moduleId, notificationModules.id), eq(notificationChoices.userId, userId)),
    )
    .where(where)
    .orderBy(asc(notificationModules.blockKey), asc(notificationModules.id));
  return rows.map(({ module, choice }) => ({
    ...module,
    channels: choice
      ? { email: choice.email, web: choice.web, app: choice.app }
      : { email: module.defaultEmail, web: module.defaultWeb, app: module.defaultApp },
  }));
}

/** A module by its key (block id or null, name). */
export const moduleKeyIs = (blockId: string | null, moduleName: string) =>
  and(eq(notificationModules.blockKey, blockId ?? ''), eq(notificationModules.moduleName, moduleName));
export const blockIs = (blockId: string) => eq(notificationModules.blockKey, blockId);

/** The modules among `keys` that exist, held (key share) until the transaction ends: a module deleted meanwhile waits. */
export async function findModules(db: Db, keys: { blockId: string | null; moduleName: string }[]) {
  if (!keys.length) return [];
  return db
    .select()
    .from(notificationModules)
    .where(
      inArray(
        sql`(${notificationModules.blockKey}, ${notificationModules.moduleName})`,
        keys.map((k) => sql`(${k.blockId ?? ''}, ${k.moduleName})`),
      ),
    )
    .for('key share');
}

/** Writes the person's channels for these modules (each replaces the earlier choice). */
export async function saveChoices(db: Db, userId: string, choices: ({ moduleId: number } & Channels)[]) {
  if (!choices.length) return;
  await db
    .insert(notificationChoices)
    .values(choices.map((c) => ({ userId, ...c, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [notificationChoices.userId, notificationChoices.moduleId],
      set: fromExcluded(notificationChoices, ['email', 'web', 'app', 'updatedAt']),
    });
}

export async function upsertBlock(db: Db, block: Omit<BlockRow, 'createdAt' | 'updatedAt'>): Promise<BlockRow> {
  const [row] = await db
    .insert(notificationBlocks)
    .values({ ...block, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationBlocks.id,
      set: fromExcluded(notificationBlocks, ['name', 'titleVi', 'titleEn', 'updatedAt']),
    })
    .returning();
  return row!;
}

export const blockExists = async (db: Db, id: string) =>
  (
    await db
      .select({ id: notificationBlocks.id })
      .from(notificationBlocks)
      .where(eq(notificationBlocks.id, id))
      .limit(1)
  ).length > 0;

/** Registers a module or retitles it and sets its defaults (the key decides which; a race lands one row). */
export async function upsertModule(
  db: Db,
  module: Omit<ModuleRow, 'id' | 'blockKey' | 'createdAt'>,
): Promise<ModuleRow> {
  const [row] = await db
    .insert(notificationModules)
    .values(module)
    .onConflictDoUpdate({
      target: [notificationModules.blockKey, notificationModules.moduleName],
      set: fromExcluded(notificationModules, ['titleVi', 'titleEn', 'defaultEmail', 'defaultWeb', 'defaultApp']),
    })
    .returning();
  return row!;
}

/** Removes a module (everyone's choices for it go with it: on delete cascade). */
export const deleteModule = async (db: Db, blockId: string | null, moduleName: string): Promise<boolean> =>
  (
    await db
      .delete(notificationModules)
      .where(moduleKeyIs(blockId, moduleName))
      .returning({ id: notificationModules.id })
  ).length > 0;

/** Erases the person's choices (the account is being deleted). */
export const deleteChoicesOf = (db: Db, userId: string) =>
  db.delete(notificationChoices).where(eq(notificationChoices.userId, userId));
