import { type CurrentUser, formatPersonName, isSocialProvider, PROVIDER_NAMES } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { ACTIVITY, insertActivity } from '../../modules/activity/index.js';
import { markUserDevicesLoggedOut } from '../../modules/devices/index.js';
import type { PrimaryContact, User } from '../../modules/users/index.js';
import { deleteGrantsOfAccount, deleteSessionsOfAccount } from '../../oidc/queries.js';

/** GET /api/account/me: who the bearer token belongs to (the e-mail came with the bearer check, server/src/features/auth/bearer.ts). */
export async function describeCurrentUser(
  user: User,
  email: PrimaryContact | null,
  signInMethod: string | null,
  awaitsGuardian: boolean,
): Promise<CurrentUser> {
  const fullName = formatPersonName(user, user.languageId);
  return {
    sub: user.id,
    name: fullName || email?.value || user.id,
    full_name: fullName,
    // The parts, so that pages write the name in their own language (contracts/src/names.ts).
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatar,
    email: email?.value ?? null,
    // How this sign-in was made (the device row of the token's session): a provider's name, else local.
    idp: isSocialProvider(signInMethod) ? PROVIDER_NAMES[signInMethod] : 'local',
    default_language: user.languageId,
    awaits_guardian: awaitsGuardian,
  };
}

/**
 * Signs the user out everywhere: every provider session ends (browsers must sign in again,
 * prompt=none answers login_required), every grant is revoked with its access and refresh
 * tokens, the devices are marked logged out, and the activity log says so. One transaction.
 */
export async function logoutAll(deps: AppDeps, user: User, ip: string): Promise<{ sessions: number; grants: number }> {
  return deps.database.db.transaction(async (tx) => {
    const sessions = await deleteSessionsOfAccount(tx, user.id);
    const grants = await deleteGrantsOfAccount(tx, user.id);
    await markUserDevicesLoggedOut(tx, user.id, new Date());
    await insertActivity(tx, { userId: user.id, action: ACTIVITY.logoutAll, params: { ip } });
    await deps.events.publish('user.loggedOutEverywhere', { userId: user.id, tx });
    return { sessions: sessions.length, grants };
  });
}
