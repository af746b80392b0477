import { randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { privateFiles } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { signedFileUrl } from './signed-urls.js';

/** What a private file is for: an ID image of identity verification, a profile's certificate. */
export type FilePurpose = 'kyc' | 'certificate';
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
      write: (record: (tx: Db) => Promise<void>) => Promise<void> = (record) => record(db),
    ) {
      const storedName = await deps.storage.put(upload.data, upload.extension, 'private');
      const id = randomBytes(16).toString('hex');
      const fileName = (upload.fileName ?? '').slice(0, 200);
      try {
        await write(async (tx) => {
          await tx.insert(privateFiles).values({ id, userId, purpose, storedName, fileName });
        });
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

/** Account deleted: every private file of the person, rows in the erasure's transaction, bytes after it. */
export function subscribeFiles(deps: FileDeps & Pick<AppDeps, 'events'>) {
  const files = createPrivateFiles(deps);
  deps.events.subscribe('user.deleted', async ({ tx, userId, afterCommit }) => {
    const names = [
      ...(await files.prune(tx, userId, 'kyc', [])),
      ...(await files.prune(tx, userId, 'certificate', [])),
    ];
    afterCommit(() => files.removeStored(names));
  });
}
