import type { AppDeps } from '../../deps.js';
import { deleteKycOf } from './queries.js';

/** Identity verification's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeKyc({ events, storage, log }: Pick<AppDeps, 'events' | 'storage' | 'log'>) {
  // Account deleted: the verification and the file rows go in the erasure's transaction, the
  // images once it committed (the claims naming them are the claims module's).
  events.subscribe('user.deleted', async ({ tx, userId, afterCommit }) => {
    const names = await deleteKycOf(tx, userId);
    afterCommit(async () => {
      for (const name of names)
        await storage.remove(name, 'private').catch((err: unknown) => log.warn({ err }, 'KYC file not removed'));
    });
  });
}
