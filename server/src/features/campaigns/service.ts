import type { AdminCampaign, campaignEndpoints, ParsedInputOf } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { AdminContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { recordAudit } from '../../modules/audit/index.js';
import {
  type CampaignRow,
  campaignState,
  changeCampaign,
  createCampaign,
  listCampaigns,
} from '../../modules/campaigns/index.js';
import { inTransaction } from '../../modules/events/index.js';

type Fields = ParsedInputOf<(typeof campaignEndpoints)['create']>;

/**
 * Sign-in campaigns in the admin console (contracts/src/campaigns.ts): each change in one
 * transaction with its audit entry (server/src/modules/audit).
 */
export function createCampaignService(deps: AppDeps) {
  const db = deps.database.db;
  const toAdmin = (row: CampaignRow): AdminCampaign => ({
    id: row.id,
    name: row.name,
    loggedInAction: row.action as AdminCampaign['loggedInAction'],
    data: row.data,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    state: campaignState(row),
    loginUrl: `${deps.config.publicUrl}/login?campaignId=${row.id}`,
    createdAt: row.createdAt.toISOString(),
  });
  const write = (fields: Fields) => ({
    action: fields.loggedInAction,
    data: fields.data,
    active: fields.active,
    name: fields.name,
    startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
    endsAt: fields.endsAt ? new Date(fields.endsAt) : null,
  });
  const audit =
    (admin: AdminContext, caller: CallerContext, action: string, row: CampaignRow) =>
    (tx: Parameters<typeof recordAudit>[0]) =>
      recordAudit(tx, {
        actorId: admin.user.id,
        action,
        targetKind: 'campaign',
        targetId: String(row.id),
        detail: { name: row.name, action: row.action, active: row.active },
        caller,
      });

  return {
    list: async () => (await listCampaigns(db)).map(toAdmin),

    create: (admin: AdminContext, caller: CallerContext, fields: Fields) =>
      inTransaction(db, async (tx) => {
        const row = await createCampaign(tx, write(fields));
        await audit(admin, caller, 'campaign_create', row)(tx);
        return toAdmin(row);
      }),

    update: (admin: AdminContext, caller: CallerContext, id: number, fields: Fields) =>
      inTransaction(db, async (tx) => {
        const row = await changeCampaign(tx, id, write(fields));
        await audit(admin, caller, 'campaign_update', row)(tx);
        return toAdmin(row);
      }),
  };
}
