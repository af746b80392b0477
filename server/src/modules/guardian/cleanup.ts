import type { AppDeps } from '../../deps.js';
import { sendLater } from '../../lib/send-later.js';
import type { Job } from '../housekeeping/index.js';
import { eraseAccount, findUserById } from '../users/index.js';
import { findAbandonedChildren } from './queries.js';
import { createGuardianRule } from './rule.js';

/** Accounts erased per run at most: each is its own transaction, after the run's. */
const PER_RUN = 200;

/**
 * Housekeeping (server/src/modules/housekeeping): the accounts of children nobody consented for
 * within GUARDIAN_WAIT_DAYS are erased through the account's own deletion (eraseAccount), so every
 * holder removes its part (docs/children.md). The run only finds them, in its claiming
 * transaction; each erasure follows in a transaction of its own, after the rule is asked again (a
 * guardian who consented meanwhile keeps the account).
 */
export function abandonedChildrenJob(
  deps: Pick<AppDeps, 'database' | 'events' | 'config' | 'secrets' | 'log'>,
  everySeconds = 3_600,
): Job {
  const { config } = deps;
  const rule = createGuardianRule(deps);
  return {
    name: 'abandoned-children',
    everySeconds,
    async run(tx) {
      if (config.GUARDIAN_CONSENT_AGE === 0 || config.GUARDIAN_WAIT_DAYS === 0) return { children: 0 };
      const since = new Date(Date.now() - config.GUARDIAN_WAIT_DAYS * 86_400_000);
      const due = await findAbandonedChildren(tx, { age: config.GUARDIAN_CONSENT_AGE, since, limit: PER_RUN });
      if (due.length > 0)
        sendLater(
          async () => {
            for (const id of due) {
              const user = await findUserById(deps.database.db, id);
              if (user && (await rule.awaits(user))) await eraseAccount(deps, user, 'housekeeping');
            }
          },
          (err) => deps.log.error({ err }, 'could not erase a child account nobody consented for'),
        );
      return { children: due.length };
    },
  };
}
