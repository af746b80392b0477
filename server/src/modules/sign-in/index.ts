// Signing in as a module: the pending OIDC interaction (lookup, binding to the browser, consent),
// the one path that completes a sign-in, the second step it may leave owed (login step 3, step-up,
// remembered browsers), and the failure counters every password check shares.
// The sign-in API is server/src/features/auth; forgot-password, password, recovery and
// delete-account use these too.

export {
  accountSubject,
  createLoginLimits,
  createPasswordCheck,
  createSecondStepCount,
} from '../login-limits/index.js';
export type { ExternalFactor } from './acr.js';
export { ACR_ONE_FACTOR, ACR_TWO_FACTOR, ACR_VALUES, interactionPolicy, STEP_UP_REASON } from './acr.js';
export { createAppCodes } from './app-codes.js';
export { BROWSER_COOKIE } from './browser-key.js';
export { campaignIdOf, clientInfo } from './client-info.js';
export {
  type ClientInfo,
  completeSignIn,
  loginPageUrl,
  SECOND_STEP_SECONDS,
  type SignInCompletion,
  type SignInMethod,
} from './complete-sign-in.js';
export { type SignInCookies, signInCookies } from './cookies.js';
export { subscribeSignIn } from './events.js';
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
export { type LoginTokenGrant, storeLoginToken, takeLoginToken } from './login-tokens.js';
export {
  createRememberedBrowsers,
  REMEMBER_DEVICE_DAYS,
  type RememberedBrowser,
  type RememberedBrowsers,
  rememberCookieName,
} from './remembered.js';
export { createSecondFactor } from './second-factor.js';
export { type AccountStepUp, createAccountStepUp, type StepUpCaller } from './step-up.js';
