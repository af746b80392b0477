import {
  type Locale,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationConfig,
  type notificationEndpoints,
  type ParsedInputOf,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findUserById } from '../../modules/users/index.js';
import {
  type BlockRow,
  blockExists,
  blockIs,
  type Channels,
  deleteModule,
  findModules,
  listBlocks,
  listModulesFor,
  type ModuleRow,
  moduleKeyIs,
  saveChoices,
  upsertBlock,
  upsertModule,
} from './queries.js';

type E = typeof notificationEndpoints;

const groupOf = (channels: Channels): NotificationChannel[] => NOTIFICATION_CHANNELS.filter((c) => channels[c]);
const channelsOf = (group: readonly NotificationChannel[]): Channels => ({
  email: group.includes('email'),
  web: group.includes('web'),
  app: group.includes('app'),
});
const titleIn = (row: { titleVi: string; titleEn: string }, locale: Locale) =>
  locale === 'vi-VN' ? row.titleVi : row.titleEn;
const keyOf = (m: { blockId: string | null; moduleName: string }) => `${m.blockId ?? ''}/${m.moduleName}`;

const moduleOut = (m: ModuleRow) => ({
  blockId: m.blockId,
  moduleName: m.moduleName,
  title: { vi: m.titleVi, en: m.titleEn },
  defaultChannels: groupOf({ email: m.defaultEmail, web: m.defaultWeb, app: m.defaultApp }),
});
const blockOut = (b: BlockRow) => ({ id: b.id, name: b.name, title: { vi: b.titleVi, en: b.titleEn } });

/**
 * Notification settings (issue 28 point 5): what a person reads and saves on /notification, and
 * what the platform's products register and read with their client-credentials tokens.
 */
export function createNotificationService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;

  /** The person's settings: every module with its channels, and the blocks that have modules, in the reader's language. */
  async function config(userId: string, locale: Locale): Promise<NotificationConfig> {
    const [blocks, modules] = await Promise.all([listBlocks(db), listModulesFor(db, userId)]);
    const used = new Set(modules.map((m) => m.blockId));
    return {
      blocks: blocks.filter((b) => used.has(b.id)).map((b) => ({ id: b.id, name: b.name, title: titleIn(b, locale) })),
      items: modules.map((m) => ({
        blockId: m.blockId,
        moduleName: m.moduleName,
        title: titleIn(m, locale),
        notificationGroup: groupOf(m.channels),
      })),
    };
  }

  return {
    config,

    /** Saves the channels of the modules listed, all or none: a module that no longer exists refuses the whole list. */
    async save(userId: string, { items }: ParsedInputOf<E['save']>, locale: Locale) {
      // One choice per module (the last listed wins): an upsert may not touch a row twice.
      const byKey = new Map(items.map((item) => [keyOf(item), item]));
      await db.transaction(async (tx) => {
        const found = new Map((await findModules(tx, [...byKey.values()])).map((m) => [keyOf(m), m]));
        if (found.size !== byKey.size) throw badRequest('notification_module_unknown');
        await saveChoices(
          tx,
          userId,
          [...byKey].map(([key, item]) => ({ moduleId: found.get(key)!.id, ...channelsOf(item.notificationGroup) })),
        );
      });
      return config(userId, locale);
    },

    async putBlock({ blockId, name, title }: ParsedInputOf<E['putBlock']>) {
      return blockOut(await upsertBlock(db, { id: blockId, name, titleVi: title.vi, titleEn: title.en }));
    },

    async putModule({ moduleName, blockId, title, defaultChannels }: ParsedInputOf<E['putModule']>) {
      if (blockId !== null && !(await blockExists(db, blockId))) throw badRequest('notification_block_unknown');
      const row = await upsertModule(db, {
        blockId,
        moduleName,
        titleVi: title.vi,
        titleEn: title.en,
        ...(({ email, web, app }) => ({ defaultEmail: email, defaultWeb: web, defaultApp: app }))(
          channelsOf(defaultChannels),
        ),
      });
      return moduleOut(row);
    },

    async deleteModule({ moduleName, blockId }: ParsedInputOf<E['deleteModule']>) {
      return { deleted: await deleteModule(db, blockId, moduleName) };
    },

    /** A person's channels as a product reads them before sending; 404 for no such live account. */
    async userChoices({ userId, blockId, moduleName }: ParsedInputOf<E['userChoices']>) {
      if (!(await findUserById(db, userId))) throw notFound();
      const where =
        moduleName !== undefined
          ? moduleKeyIs(blockId ?? null, moduleName)
          : blockId !== undefined
            ? blockIs(blockId)
            : undefined;
      const modules = await listModulesFor(db, userId, where);
      return {
        items: modules.map((m) => ({
          blockId: m.blockId,
          moduleName: m.moduleName,
          notificationGroup: groupOf(m.channels),
        })),
      };
    },
  };
}
