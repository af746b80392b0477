import type { AppDeps } from '../../deps.js';
import { avatarFileOf } from './service.js';

/** Profile's part of the domain events (server/src/modules/events/index.ts). */
export function subscribeProfile({
  events,
  config,
  storage,
  log,
}: Pick<AppDeps, 'events' | 'config' | 'storage' | 'log'>) {
  // A data archive: the account and personal info as stored (whether a password is set, never its
  // hash), and the avatar's file.
  events.subscribe('user.exporting', ({ user, add }) => {
    const { passwordHash, ...account } = user;
    const avatar = avatarFileOf(user, config.publicUrl);
    add({
      name: 'account',
      tables: ['users'],
      data: { ...account, hasPassword: passwordHash !== null },
      files: avatar ? [{ path: `avatar/${avatar}`, read: () => storage.get(avatar) }] : [],
    });
  });
  // Account deleted: the stored avatar file is removed once the erasure has committed; a file
  // left behind is only logged (the users row no longer points at it).
  events.subscribe('user.deleted', ({ user, afterCommit }) => {
    const avatar = avatarFileOf(user, config.publicUrl);
    if (avatar)
      afterCommit(() => storage.remove(avatar).catch((err: unknown) => log.warn({ err }, 'avatar not removed')));
  });
}
