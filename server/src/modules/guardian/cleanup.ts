import type { AppDeps } from '../../deps.js';
import { sendLater } from '../../lib/send-later.js';
import type { Job } from '../housekeeping/index.js';
import { eraseAccount, findUserById } from '../users/index.js';
import { findAbandonedChildren, lockWaitState, noteWaitingChildren } from './queries.js';
import { createGuardianRule } from './rule.js';

/** Accounts noted and erased per run at most: each erasure is its own transaction, after the run's. */
const PER_RUN = 200;

type CleanupDeps = Pick<AppDeps, 'database' | 'events' | 'config' | 'secrets' | 'log'>;

/**
 * Erases one child's account found past its wait, through the account's own deletion, if it still
 * is so once its rows are locked in the erasure's transaction: a child nobody consented for, whose
 * wait (rule.deleteOn) has passed. A guardian who consented, a guardian asked or a birth date
 * changed meanwhile keep the account. Answers whether it was erased.
 */
export async function eraseAbandonedChild(deps: CleanupDeps, userId: string): Promise<boolean> {
  const rule = createGuardianRule(deps);
  const user = await findUserById(deps.database.db, userId);
  if (!user) return false;
  return eraseAccount(deps, user, '-', async (tx) => {
    const state = await lockWaitState(tx, userId);
    if (!state?.since || state.consent?.consentedAt || !rule.isChild(state)) return false;
    const deleteOn = rule.deleteOn(state, state.consent, state.since);
    return deleteOn !== null && deleteOn.getTime() <= Date.now();
  });
}

/**
 * Housekeeping (server/src/modules/housekeeping): children's accounts nobody consented for within
 * GUARDIAN_WAIT_DAYS of their wait are erased (docs/children.md). A run notes the accounts newly
 * waiting (their wait starts then: those waiting when this shipped get the whole time) and finds
 * the ones past their time, in its claiming transaction; each erasure follows in a transaction of
 * its own (eraseAbandonedChild). One failing erasure is logged and the others go on.
 */
export function abandonedChildrenJob(deps: CleanupDeps, everySeconds = 3_600): Job {
  const { config } = deps;
  const age = config.GUARDIAN_CONSENT_AGE;
  return {
    name: 'abandoned-children',
    everySeconds,
    async run(tx) {
      if (age === 0 || config.GUARDIAN_WAIT_DAYS === 0) return { noted: 0, due: 0 };
      const noted = await noteWaitingChildren(tx, { age, limit: PER_RUN });
      const before = new Date(Date.now() - config.GUARDIAN_WAIT_DAYS * 86_400_000);
      const due = await findAbandonedChildren(tx, { age, before, limit: PER_RUN });
      if (due.length > 0)
        sendLater(
          async () => {
            for (const id of due)
              await eraseAbandonedChild(deps, id).catch((err: unknown) =>
                deps.log.error({ err, userId: id }, 'could not erase a child account nobody consented for'),
              );
          },
          (err) => deps.log.error({ err }, 'could not erase the child accounts nobody consented for'),
        );
      return { noted, due: due.length };
    },
  };
}
