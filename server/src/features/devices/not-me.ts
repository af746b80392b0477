import type { NotMeAnswer } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest } from '../../lib/errors.js';
import { DEVICE_ACTIVITY, findUserDevice } from '../../modules/devices/index.js';
import { createFlows } from '../../modules/flows/index.js';
import { CONTACT_EMAIL, findPrimaryContact, findUserByLoginName } from '../../modules/users/index.js';
import { signOutDevice } from './manage.js';

const KIND = 'not_me';
const invalid = () => badRequest('not_me_link_invalid', { token: ['not_me_link_invalid'] });

/**
 * The "this wasn't me" link of the new-sign-in e-mail (issue 32 point 6; the link's token is the
 * secret of a not_me flow the alerts module stored with the sign-in, server/src/modules/alerts).
 * Used once, in one transaction: the flow ends, the device that signed in is signed out
 * (signOutDevice), and a password change begins. The e-mail went to the account's confirmed
 * primary address, so following its link proves what a forgot-password code to that address
 * proves: when that address signs in, the answer is the reset token of a verified
 * forgot_password flow for it (server/src/features/forgot-password/service.ts takes it at step 3).
 */
export function createNotMe(deps: AppDeps) {
  const flows = createFlows(deps);
  const db = deps.database.db;

  /** A verified forgot_password flow for the account's sign-in e-mail, as its code would leave it. */
  async function resetFor(tx: Db, userId: string): Promise<NotMeAnswer['reset']> {
    const email = await findPrimaryContact(tx, userId, CONTACT_EMAIL);
    if (!email?.isConfirmed || (await findUserByLoginName(tx, CONTACT_EMAIL, email.value))?.id !== userId) return null;
    const ttlSeconds = deps.config.PASSWORD_RESET_TOKEN_TTL_SECONDS;
    const sent = await flows.start('forgot_password', { target: email.value, subject: userId, ttlSeconds }, tx);
    const verified = await flows.advance(
      'forgot_password',
      sent.flow.id,
      'code_sent',
      'verified',
      { secret: true, ttlSeconds },
      tx,
    );
    return verified?.secret ? { username: email.value, token: verified.secret } : null;
  }

  return {
    async report(caller: CallerContext, token: string): Promise<NotMeAnswer> {
      const flow = await flows.findBySecret(KIND, token);
      const userId = flow?.subject;
      if (!flow || !userId) throw invalid();
      return db.transaction(async (tx) => {
        if (!(await flows.finish(KIND, flow.id, 'offered', tx))) throw invalid();
        const device = await findUserDevice(tx, userId, flow.target);
        if (device && !device.loggedOutAt)
          await signOutDevice(tx, device, { action: DEVICE_ACTIVITY.notMe, ip: caller.ip });
        return { reset: await resetFor(tx, userId) };
      });
    },
  };
}
