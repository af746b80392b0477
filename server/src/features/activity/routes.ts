import { activityEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { listActivityPage, renderActivity } from '../../modules/activity/index.js';

/** The activity log page (spec account §2 Activity, §3 Activity log entry). */
export async function activityRoutes(app: FastifyInstance, deps: AppDeps) {
  handle(app, activityEndpoints.list, async ({ pageIndex, pageSize }, { user, caller }) => {
    const offset = (pageIndex - 1) * pageSize;
    const { rows, total } = await listActivityPage(deps.database.db, user.id, offset, pageSize);
    return {
      data: rows.map((r) => ({
        id: r.id,
        actionText: renderActivity(caller.locale, r.action, r.params),
        createdDate: r.createdAt.toISOString(),
      })),
      totalRows: total,
    };
  });
}
