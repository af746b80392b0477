// Guardian consent for children (issue 32 point 4; docs/children.md): the rule (who waits for a
// guardian), the record of the consent, and its part of the domain events. The pages' calls are
// server/src/features/guardian.
export { abandonedChildrenJob, eraseAbandonedChild } from './cleanup.js';
export { subscribeGuardian } from './events.js';
export {
  findGuardianConsent,
  findWaitSince,
  type GuardianConsentRow,
  lockWaitState,
  notWaitingForGuardian,
  recordGuardianConsent,
  saveGuardianAsked,
} from './queries.js';
export { createGuardianRule, type GuardianRule } from './rule.js';
