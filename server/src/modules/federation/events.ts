import type { AppDeps } from '../../deps.js';
import { createFlows } from '../flows/index.js';
import { linkIdentity } from './links.js';
import type { ExternalProvider } from './port.js';

/** What a pending link remembers (the external_link flow's data). */
export type PendingLinkData = { provider: ExternalProvider; subject: string; username: string };

/**
 * The key-value mark of an interaction that holds a pending link: every sign-in asks it (one
 * memory or Redis read), and only a marked one reads the flow, so the sign-in path pays no
 * database statement for a feature it does not use (bench/README.md, the statement counts).
 */
export const pendingLinkMark = (interactionUid: string) => `external:link:pending:${interactionUid}`;

/**
 * Federation's part of the domain events. Signed in: when this interaction holds a pending link
 * for this very account (a provider's e-mail matched it, server/src/features/external-login), the
 * sign-in just made is the proof of the account, and the provider is linked in its transaction.
 * A token login proves nothing of this browser, so it links nothing; a provider account linked to
 * someone else meanwhile is left alone (the sign-in still succeeds).
 */
export function subscribeFederation(deps: Pick<AppDeps, 'events' | 'database' | 'kv'>) {
  const flows = createFlows(deps);
  deps.events.subscribe('user.signedIn', async ({ tx, userId, interactionUid, method, client }) => {
    if (method === 'token' || !(await deps.kv.get(pendingLinkMark(interactionUid)))) return;
    const pending = await flows.find('external_link', { target: interactionUid, subject: userId }, interactionUid, tx);
    if (!pending) return;
    if (!(await flows.finish('external_link', pending.id, 'proof_owed', tx))) return;
    const { provider, subject } = pending.data as PendingLinkData;
    // In a savepoint: a link lost to a racing one must not abort the sign-in's transaction.
    await tx
      .transaction((savepoint) => linkIdentity(savepoint, userId, { provider, subject }, client.ip))
      .catch((error: unknown) => {
        if ((error as { messageKey?: string }).messageKey !== 'error_linking_by_other_user') throw error;
      });
  });
}
