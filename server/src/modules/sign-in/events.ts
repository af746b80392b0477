import type { AppDeps } from '../../deps.js';
import { createRememberedBrowsers } from './remembered.js';

/**
 * Signing in's part of the domain events (server/src/modules/events/index.ts): a remembered
 * browser stops skipping the second step once the password changes or is reset, two-step is
 * turned off or reset, or the user logs out everywhere. Account deletion removes the rows by
 * their foreign key.
 */
export function subscribeSignIn(deps: Pick<AppDeps, 'events' | 'database' | 'secrets'>) {
  const remembered = createRememberedBrowsers(deps);
  deps.events.subscribe('password.changed', ({ userId }) => remembered.forgetAll(userId));
  deps.events.subscribe('two-factor.disabled', ({ userId, tx }) => remembered.forgetAll(userId, tx));
  deps.events.subscribe('user.loggedOutEverywhere', ({ userId, tx }) => remembered.forgetAll(userId, tx));
}
