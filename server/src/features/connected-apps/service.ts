import type { ConnectedApp } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { PORTAL_CLIENT_ID } from '../../oidc/clients.js';
import { deleteGrantsById, listGrantsWithLastUse, removeClientFromSessions } from '../../oidc/queries.js';

/** Activity-log action of a revoke (a message key of contracts/src/i18n/catalog/activity.ts). */
export const APP_REVOKED = 'activity_app_revoked';

export type AppsContext = Pick<UserContext, 'user'> & { caller: CallerContext };

/** A client's display name; undefined for a client no longer configured or stored. */
export type ClientName = (clientId: string) => Promise<string | undefined>;

const latest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);
const earliest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a < b ? a : b);

/**
 * Connected apps (issue 32 point 2): every product holding a live grant of the person's, the
 * portal itself left out (revoking it would end this very page's session; logging out does that).
 */
export function createConnectedAppService({ database }: Pick<AppDeps, 'database'>, clientName: ClientName) {
  const db = database.db;
  const grantsByClient = async (userId: string) => {
    const byClient = new Map<string, { ids: string[]; scopes: Set<string>; granted: Date | null; used: Date | null }>();
    for (const g of await listGrantsWithLastUse(db, userId)) {
      if (!g.clientId || g.clientId === PORTAL_CLIENT_ID) continue;
      const app = byClient.get(g.clientId) ?? { ids: [], scopes: new Set(), granted: null, used: null };
      app.ids.push(g.id);
      for (const s of g.scopes) app.scopes.add(s);
      app.granted = earliest(app.granted, g.grantedAt);
      app.used = latest(app.used, g.lastUsedAt);
      byClient.set(g.clientId, app);
    }
    return byClient;
  };

  return {
    async list({ user }: AppsContext): Promise<ConnectedApp[]> {
      const apps = await Promise.all(
        [...(await grantsByClient(user.id))].map(async ([clientId, a]) => ({
          clientId,
          name: (await clientName(clientId)) ?? clientId,
          scopes: [...a.scopes],
          grantedTime: a.granted?.toISOString() ?? null,
          lastUsedTime: a.used?.toISOString() ?? null,
        })),
      );
      return apps.sort(
        (a, b) => (b.lastUsedTime ?? '').localeCompare(a.lastUsedTime ?? '') || a.name.localeCompare(b.name),
      );
    },

    /**
     * Ends one product's access at once, in one transaction: its grants go with every access and
     * refresh token issued under them (the change feed drops a checked token on every copy:
     * migration 0008), and it leaves the person's provider sessions, so a silent sign-in there
     * asks again. Another person's product, or the portal, is not found.
     */
    async revoke({ user, caller }: AppsContext, { clientId }: { clientId: string }): Promise<true> {
      if (clientId === PORTAL_CLIENT_ID) throw notFound();
      await db.transaction(async (tx) => {
        const grants = (await listGrantsWithLastUse(tx, user.id)).filter((g) => g.clientId === clientId);
        const sessions = await removeClientFromSessions(tx, user.id, clientId);
        if (grants.length === 0 && sessions === 0) throw notFound();
        await deleteGrantsById(
          tx,
          user.id,
          grants.map((g) => g.id),
        );
        await insertActivity(tx, {
          userId: user.id,
          action: APP_REVOKED,
          params: { app: (await clientName(clientId)) ?? clientId, ip: caller.ip },
        });
      });
      return true;
    },
  };
}
