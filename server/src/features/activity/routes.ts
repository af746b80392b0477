import { ACCOUNT_PATHS, type ActivityPage, activityQuery, pickLocale } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { parseInput } from '../../lib/errors.js';
import { createRequireUser, currentUser } from '../auth/bearer.js';
import { listActivityPage } from './queries.js';
import { renderActivity } from './render.js';

/** The activity log page (spec account §2 Activity, §3 Activity log entry), behind the bearer token. */
export async function activityRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('preHandler', createRequireUser(app, deps));
  app.get(ACCOUNT_PATHS.activity, async (request): Promise<{ result: ActivityPage }> => {
    const { pageIndex, pageSize } = parseInput(activityQuery, request.query);
    const locale = pickLocale(request.headers['accept-language']);
    const { rows, total } = await listActivityPage(
      deps.database.db,
      currentUser(request).id,
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return {
      result: {
        data: rows.map((r) => ({
          id: r.id,
          actionText: renderActivity(locale, r.action, r.params),
          createdDate: r.createdAt.toISOString(),
        })),
        totalRows: total,
      },
    };
  });
}
