import { userProfiles } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { exportRows } from '../../modules/data-export/index.js';
import { storedUploadName } from '../../modules/images/index.js';
import { deleteProfilesOf } from './queries.js';

/** Named profiles' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeProfiles({
  events,
  storage,
  config,
  log,
}: Pick<AppDeps, 'events' | 'storage' | 'config' | 'log'>) {
  // A data archive: every profile as stored (its certificates' files are in the files part).
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({
      name: 'profiles',
      tables: ['user_profiles'],
      data: await exportRows(tx, userProfiles, userProfiles.userId, userId, ['userId']),
    }),
  );
  // Account deleted: the profiles go in the erasure's transaction, their avatars once it committed
  // (their certificate files are the files module's).
  events.subscribe('user.deleted', async ({ tx, userId, afterCommit }) => {
    const avatars = (await deleteProfilesOf(tx, userId))
      .map((p) => storedUploadName(p.avatar, config.publicUrl))
      .filter((name): name is string => !!name);
    afterCommit(async () => {
      for (const name of avatars)
        await storage.remove(name).catch((err: unknown) => log.warn({ err }, 'profile avatar not removed'));
    });
  });
}
