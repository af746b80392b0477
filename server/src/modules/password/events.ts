import type { AppDeps } from '../../deps.js';
import { clearPasswordHash } from './queries.js';

/** Passwords' part of the domain events (server/src/modules/events/index.ts). */
export function subscribePassword({ events }: Pick<AppDeps, 'events'>) {
  // The owner followed the undo link of a first password they did not set: it goes again.
  events.subscribe('sign-in-way.undone', async ({ tx, userId, undo }) => {
    if (undo.some((step) => step.do === 'remove_password')) await clearPasswordHash(tx, userId);
  });
}
