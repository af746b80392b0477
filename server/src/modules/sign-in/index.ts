// Signing in as a module: the pending OIDC interaction (lookup, binding to the browser, consent),
// the one path that completes a sign-in, and the failure counters every password check shares.
// The sign-in API is server/src/features/auth; forgot-password, password, recovery and
// delete-account use these too.
export { type ClientInfo, completeSignIn, type SignInCompletion, type SignInMethod } from './complete-sign-in.js';
export {
  abortInteraction,
  decideConsent,
  describeInteraction,
  findBoundInteraction,
  findInteraction,
  type Interaction,
  interactionUidOf,
  isFirstParty,
} from './interaction.js';
export { bindInteractionToBrowser, boundInteractionOf } from './interaction-binding.js';
export { accountSubject, createLoginLimits, createPasswordCheck } from './login-limits.js';
