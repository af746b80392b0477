import { type DataExport, EXPORT_HOURS, EXPORT_PREPARE_MINUTES, EXPORTS_PER_DAY } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { notFound, tooMany } from '../../lib/errors.js';
import { localeOf } from '../../lib/i18n.js';
import { sendLater } from '../../lib/send-later.js';
import { insertActivity } from '../../modules/activity/index.js';
import { type ExportPart, inTransaction } from '../../modules/events/index.js';
import { createPrivateFiles } from '../../modules/files/index.js';
import { createFlows, type Flow } from '../../modules/flows/index.js';
import { findUserById } from '../../modules/users/index.js';
import { packArchive } from './archive.js';

type Caller = Pick<UserContext, 'user' | 'primaryEmail'> & { caller: CallerContext };
type ExportDeps = Pick<AppDeps, 'database' | 'events' | 'storage' | 'secrets' | 'config' | 'log' | 'kv'>;

export const DATA_EXPORT_ACTIVITY = {
  requested: 'activity_data_export_requested',
  downloaded: 'activity_data_export_downloaded',
} as const;

const HOLD_SECONDS = EXPORT_HOURS * 3600;
const DAY_SECONDS = 86_400;
const KIND = 'data_export';

/** The archive's file and size, kept in the flow's data once it is ready. */
type ReadyData = { fileId: string; size: number };

const fileNameOf = (at: Date) => `portico-data-${at.toISOString().slice(0, 10)}.zip`;

/**
 * Download my data (issue 32 point 3; contracts/src/data-export.ts). A request starts a
 * `data_export` flow (replacing the person's earlier one) and the archive is made after the
 * answer: every holder adds its part on `user.exporting`, all in one read-only snapshot, the ZIP goes to the private files, the
 * flow turns `ready` in the same transaction that records the file, and `data-export.ready` mails
 * the owner. Only the account's own bearer reaches the archive, through a signed link of a few
 * minutes (server/src/modules/files/signed-urls.ts).
 */
export function createDataExport(deps: ExportDeps) {
  const { db } = deps.database;
  const flows = createFlows(deps);
  const files = createPrivateFiles(deps);
  const find = (userId: string) => flows.find(KIND, { target: '', subject: userId });

  const toAnswer = (flow: Flow<typeof KIND>): DataExport => {
    const ready = flow.state === 'ready' ? (flow.data as ReadyData) : undefined;
    // Still preparing long after the request: the copy making it stopped, so it counts as failed.
    const stalled =
      flow.state === 'preparing' && Date.now() - flow.createdAt.getTime() > EXPORT_PREPARE_MINUTES * 60_000;
    return {
      state: ready ? 'ready' : flow.state === 'failed' || stalled ? 'failed' : 'preparing',
      requestedTime: flow.createdAt.toISOString(),
      expiresTime: ready ? flow.expiresAt.toISOString() : null,
      size: ready?.size ?? null,
    };
  };

  /** Makes the archive of a `preparing` flow; a request that replaced it meanwhile wins, and this file goes. */
  async function build(flowId: string, userId: string, timeZone: string): Promise<void> {
    // Every part read in one snapshot (repeatable read, read only), so the archive is the account
    // at one moment even while the person or a product changes it; the files are read after.
    const read = await db.transaction(
      async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) return undefined;
        const locale = localeOf(user.languageId);
        const parts: ExportPart[] = [];
        await deps.events.publish('user.exporting', { userId, user, locale, tx, add: (part) => parts.push(part) });
        return { user, locale, parts };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (!read) return;
    const { user, locale, parts } = read;
    const madeAt = new Date();
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const archive = await packArchive(parts, {
      product: deps.config.PRODUCT_NAME,
      userId,
      account: name || userId,
      locale,
      timeZone,
      madeAt,
    });
    await files.store(
      userId,
      'export',
      { data: archive, extension: 'zip', fileName: fileNameOf(madeAt) },
      (record, fileId) =>
        inTransaction(db, async (tx, afterCommit) => {
          await record(tx);
          const data: ReadyData = { fileId, size: archive.length };
          const moved = await flows.advance(KIND, flowId, 'preparing', 'ready', { data, ttlSeconds: HOLD_SECONDS }, tx);
          if (!moved) throw new Error('replaced');
          // One archive per person: the one this replaces goes once this commits.
          const earlier = await files.prune(tx, userId, 'export', [fileId]);
          afterCommit(() => files.removeStored(earlier));
          await deps.events.publish('data-export.ready', { userId, tx, afterCommit });
        }),
    );
  }

  return {
    async status({ user }: Caller): Promise<DataExport | null> {
      const flow = await find(user.id);
      return flow ? toAnswer(flow) : null;
    },

    /** Starts a new archive (EXPORTS_PER_DAY a day), answered at once as `preparing`; built after the answer. */
    async request({ user, caller }: Caller): Promise<DataExport> {
      const key = `data-export:${user.id}`;
      if ((await deps.kv.incr(key, DAY_SECONDS)) > EXPORTS_PER_DAY) throw tooMany('too_many_requests', DAY_SECONDS);
      const { flow } = await db.transaction(async (tx) => {
        const started = await flows.start(KIND, { target: '', subject: user.id, ttlSeconds: HOLD_SECONDS }, tx);
        await insertActivity(tx, {
          userId: user.id,
          action: DATA_EXPORT_ACTIVITY.requested,
          params: { ip: caller.ip },
        });
        return started;
      });
      sendLater(
        () => build(flow.id, user.id, caller.timeZone),
        async (err) => {
          if (err instanceof Error && err.message === 'replaced') return;
          deps.log.error({ err }, 'data archive not made');
          await flows.advance(KIND, flow.id, 'preparing', 'failed').catch(() => undefined);
        },
      );
      return toAnswer(flow);
    },

    /** A link of a few minutes to the ready archive, written to the activity log. */
    async link({ user, caller }: Caller): Promise<{ url: string; fileName: string }> {
      const flow = await find(user.id);
      const fileId = flow?.state === 'ready' ? (flow.data as ReadyData).fileId : undefined;
      const [file] = fileId ? await files.find(db, user.id, 'export', [fileId]) : [];
      if (!file) throw notFound();
      await insertActivity(db, {
        userId: user.id,
        action: DATA_EXPORT_ACTIVITY.downloaded,
        params: { ip: caller.ip },
      });
      return { url: files.urlOf(file), fileName: file.fileName };
    },
  };
}
