import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { auditOfAccount, insertAudit } from './queries.js';

// The audit log (issue 31 point 1; migration 0021_admin.sql keeps it append-only): every admin
// action, from the console (features/admin) or the command line (server/src/cli), written in the
// transaction of the change it records, so there is no change without its entry.

export { type AuditRow, listAuditPage } from './queries.js';

export type AuditEntry = {
  /** The operator's user id; null for the command line. */
  actorId: string | null;
  action: string;
  targetKind: 'user' | 'client' | 'group' | 'block' | 'campaign';
  targetId: string | null;
  detail?: Record<string, unknown>;
  /** Where from: the request's caller, or none for the command line. */
  caller?: Pick<CallerContext, 'ip' | 'userAgent'>;
};

export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    detail: entry.detail ?? {},
    ip: entry.caller?.ip ?? null,
    userAgent: entry.caller?.userAgent ?? null,
  });
}

/**
 * A back-office change made through the product API (a KYC review, a permission group): by a
 * person of the back office with their own sign-in (the actor), or by a product's client (no
 * actor; the client named in the detail).
 */
export const recordBackOfficeAudit = (
  tx: Db,
  by: { clientId: string; userId?: string },
  caller: Pick<CallerContext, 'ip' | 'userAgent'>,
  entry: Pick<AuditEntry, 'action' | 'targetKind' | 'targetId' | 'detail'>,
) =>
  recordAudit(tx, {
    ...entry,
    actorId: by.userId ?? null,
    detail: { ...entry.detail, ...(by.userId ? {} : { client: by.clientId }) },
    caller,
  });

/** A data archive (issue 32 point 3): the operators' actions on the person's account. */
export function subscribeAudit({ events }: Pick<AppDeps, 'events'>) {
  events.subscribe('user.exporting', async ({ tx, userId, add }) =>
    add({ name: 'admin_actions', tables: ['audit_log'], data: await auditOfAccount(tx, userId) }),
  );
}
