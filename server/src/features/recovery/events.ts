import type { AppDeps } from '../../deps.js';
import { deleteClaim, listClaims } from '../../modules/claims/index.js';

/** Recovery ways' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeRecovery({ events }: Pick<AppDeps, 'events'>) {
  // The owner followed a security e-mail's undo link: the recovery way it named goes, if unchanged since.
  events.subscribe('sign-in-way.undone', async ({ tx, userId, undo }) => {
    for (const step of undo) {
      if (step.do !== 'remove_claim') continue;
      const claims = await listClaims(tx, userId);
      if (claims.some((c) => c.claimType === step.claimType && c.claimValue === step.value))
        await deleteClaim(tx, userId, step.claimType);
    }
  });
}
