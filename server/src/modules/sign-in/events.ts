import type { AppDeps } from '../../deps.js';
import { accountSubject, createLoginLimits } from '../login-limits/index.js';
import { createRememberedBrowsers } from './remembered.js';

/**
 * Signing in's part of the domain events (server/src/modules/events/index.ts): a remembered
 * browser stops skipping the second step once the password changes or is reset, two-step is
 * turned off or reset, or the user logs out everywhere; a new password also reopens a second step
 * closed by guessing (login-limits.ts). Account deletion removes the rows by
 * their foreign key.
 */
export function subscribeSignIn(deps: Pick<AppDeps, 'events' | 'database' | 'secrets' | 'kv' | 'config' | 'metrics'>) {
  const remembered = createRememberedBrowsers(deps);
  const limits = createLoginLimits(deps);
  deps.events.subscribe('password.changed', async ({ userId }) => {
    await remembered.forgetAll(userId);
    // Whoever was guessing at the second step no longer has the password.
    await limits.clearSecondStep(accountSubject(userId));
  });
  deps.events.subscribe('two-factor.disabled', ({ userId, tx }) => remembered.forgetAll(userId, tx));
  deps.events.subscribe('user.loggedOutEverywhere', ({ userId, tx }) => remembered.forgetAll(userId, tx));
}
