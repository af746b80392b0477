import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import type { UndoStep } from '../../modules/events/index.js';
import { createFlows } from '../../modules/flows/index.js';
import { endSessions } from '../../modules/password/index.js';

const KIND = 'undo_change';
export const UNDO_ACTIVITY = 'activity_change_undone';
const invalid = () => badRequest('undo_link_invalid', { token: ['undo_link_invalid'] });

/**
 * The undo link of a security e-mail (contracts/src/undo-change.ts): the link's token is the
 * secret of an undo_change flow the alerts module stored with the change (server/src/modules/alerts).
 * Following it, once, in one transaction: the flow ends, each feature reverts its steps
 * (`sign-in-way.undone`: contacts, recovery), every session and token of the account ends and
 * remembered browsers are forgotten, so whoever made the change is signed out too.
 */
export function createUndoChange(deps: AppDeps) {
  const flows = createFlows(deps);
  return {
    async undo(caller: CallerContext, token: string): Promise<{ ok: true }> {
      const flow = await flows.findBySecret(KIND, token);
      const userId = flow?.subject;
      if (!flow || !userId) throw invalid();
      const undo = ((flow.data as { undo?: UndoStep[] }).undo ?? []) as UndoStep[];
      await deps.database.db.transaction(async (tx) => {
        if (!(await flows.finish(KIND, flow.id, 'offered', tx))) throw invalid();
        await deps.events.publish('sign-in-way.undone', { userId, undo, tx });
        await endSessions(tx, userId);
        await deps.events.publish('user.loggedOutEverywhere', { userId, tx });
        await insertActivity(tx, { userId, action: UNDO_ACTIVITY, params: { ip: caller.ip } });
      });
      return { ok: true };
    },
  };
}
