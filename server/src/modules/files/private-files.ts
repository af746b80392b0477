import { randomBytes } from 'node:crypto';
import { EXPORT_HOURS } from '@portico/contracts';
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { privateFiles } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../data-export/index.js';
import type { Job } from '../housekeeping/index.js';
import { signedFileUrl } from './signed-urls.js';

/** What a private file is for: an ID image of identity verification, a profile's certificate, a data archive. */
export type FilePurpose = 'kyc' | 'certificate' | 'export';
export type PrivateFileRow = typeof privateFiles.$inferSelect;
type FileDeps = Pick<AppDeps, 'database' | 'storage' | 'secrets' | 'config' | 'log'>;

/**
 * Private files (issue 28 points 1, 4, 6): stored apart from the public uploads, owned by one
 * person under a random file id (what a claim or a profile keeps, never a URL), shown only
 * through short-lived signed URLs (signed-urls.ts) handed to the owner or a reviewer.
 */
export function createPrivateFiles(deps: FileDeps) {
  const { db } = deps.database;
  const urlOf = (row: Pick<PrivateFileRow, 'storedName'>) =>
    signedFileUrl(deps.secrets.encryptionKey, deps.config.publicUrl, row.storedName);
  const removeStored = async (names: string[]) => {
    for (const name of names)
      await deps.storage
        .remove(name, 'private')
        .catch((err: unknown) => deps.log.warn({ err }, 'private file not removed'));
  };

  return {
    urlOf,
    removeStored,

    /**
     * Stores the bytes, then records them as the person's through `write` (a check may run in the
     * same transaction first); the bytes are removed when that fails. Answers the file id and a
     * URL to show it.
     */
    async store(
      userId: string,
      purpose: FilePurpose,
      upload: { data: Buffer; extension: string; fileName?: string },
      write: (record: (tx: Db) => Promise<void>, fileId: string) => Promise<void> = (record) => record(db),
    ) {
      const storedName = await deps.storage.put(upload.data, upload.extension, 'private');
      const id = randomBytes(16).toString('hex');
      const fileName = (upload.fileName ?? '').slice(0, 200);
      try {
        await write(async (tx) => {
          await tx.insert(privateFiles).values({ id, userId, purpose, storedName, fileName });
        }, id);
      } catch (err) {
        await removeStored([storedName]);
        throw err;
      }
      return { fileId: id, url: urlOf({ storedName }), fileName };
    },

    /** The person's files of that purpose among these ids (another person's ids find nothing). */
    find: (tx: Db, userId: string, purpose: FilePurpose, ids: string[]): Promise<PrivateFileRow[]> =>
      ids.length
        ? tx
            .select()
            .from(privateFiles)
            .where(
              and(eq(privateFiles.userId, userId), eq(privateFiles.purpose, purpose), inArray(privateFiles.id, ids)),
            )
        : Promise.resolve([]),

    /** Deletes these files of the person's; answers the stored names to remove once committed. */
    async drop(tx: Db, userId: string, purpose: FilePurpose, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await tx
        .delete(privateFiles)
        .where(and(eq(privateFiles.userId, userId), eq(privateFiles.purpose, purpose), inArray(privateFiles.id, ids)))
        .returning({ storedName: privateFiles.storedName });
      return rows.map((r) => r.storedName);
    },

    /** Deletes the person's files of that purpose but `keep`; answers the stored names to remove once committed. */
    async prune(tx: Db, userId: string, purpose: FilePurpose, keep: string[]): Promise<string[]> {
      const rows = await tx
        .delete(privateFiles)
        .where(
          and(
            eq(privateFiles.userId, userId),
            eq(privateFiles.purpose, purpose),
            keep.length ? notInArray(privateFiles.id, keep) : undefined,
          ),
        )
        .returning({ storedName: privateFiles.storedName });
      return rows.map((r) => r.storedName);
    },
  };
}
export type PrivateFiles = ReturnType<typeof createPrivateFiles>;

/**
 * A data archive: the person's private files (ID images, certificates) as files of the archive,
 * listed with their purpose and name; earlier archives are listed, not packed in again.
 */
function subscribeFileExport(deps: FileDeps & Pick<AppDeps, 'events'>) {
  deps.events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    const rows = await exportRows(tx, privateFiles, privateFiles.userId, userId, ['userId']);
    const packed = rows.filter((row) => row.purpose !== 'export');
    add({
      name: 'files',
      tables: ['private_files'],
      data: rows.map(({ storedName, ...row }) => ({
        ...row,
        archivePath: row.purpose === 'export' ? null : `files/${row.purpose}/${storedName}`,
      })),
      files: packed.map((row) => ({
        path: `${row.purpose}/${row.storedName}`,
        read: () => deps.storage.get(String(row.storedName), 'private'),
      })),
    });
  });
}

/** Account deleted: every private file of the person, rows in the erasure's transaction, bytes after it. */
export function subscribeFiles(deps: FileDeps & Pick<AppDeps, 'events'>) {
  const files = createPrivateFiles(deps);
  deps.events.subscribe('user.deleted', async ({ tx, userId, afterCommit }) => {
    const names = [
      ...(await files.prune(tx, userId, 'kyc', [])),
      ...(await files.prune(tx, userId, 'certificate', [])),
      ...(await files.prune(tx, userId, 'export', [])),
    ];
    afterCommit(() => files.removeStored(names));
  });
  subscribeFileExport(deps);
}

/**
 * Data archives past their EXPORT_HOURS (issue 32 point 3; server/src/features/data-export): rows
 * and bytes go, whichever copy runs it (main.ts). The bytes are removed before the claiming
 * transaction commits; were it to roll back, rows of expired archives would point at nothing,
 * which their owners can no longer download anyway.
 */
export function expiredArchivesJob(deps: FileDeps, everySeconds = 3_600): Job {
  const files = createPrivateFiles(deps);
  return {
    name: 'expired-archives',
    everySeconds,
    async run(tx) {
      const cutoff = new Date(Date.now() - EXPORT_HOURS * 3_600_000);
      const rows = await tx
        .delete(privateFiles)
        .where(and(eq(privateFiles.purpose, 'export'), lt(privateFiles.createdAt, cutoff)))
        .returning({ storedName: privateFiles.storedName });
      await files.removeStored(rows.map((r) => r.storedName));
      return { archives: rows.length };
    },
  };
}
