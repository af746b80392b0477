// External identity providers (issue 25): the port, one adapter per provider (Google's ID token,
// Facebook's access token, Zalo's authorization code with PKCE), the links (the spec's link claims)
// and the pending link a sign-in completes (events.ts). The sign-in API is
// server/src/features/external-login.
export { type PendingLinkData, pendingLinkMark, subscribeFederation } from './events.js';
export { createFacebookVerifier, type FacebookVerifier } from './facebook.js';
export { createGoogleVerifier, GOOGLE_CLOCK_TOLERANCE_SECONDS, type GoogleVerifier } from './google.js';
export { findLinkedUser, keepsAWayIn, LINK_ACTIVITY, LINK_CLAIM, linkIdentity } from './links.js';
export type { ExternalIdentity, ExternalProvider } from './port.js';
export { createProviders, type Providers } from './providers.js';
export { createZaloClient, pkcePair, type ZaloClient } from './zalo.js';
