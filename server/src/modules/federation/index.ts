// External identity providers (issue 25, in progress): the port and the Google adapter. The
// sign-in endpoint, linking and the Facebook and Zalo adapters come next.
export { createGoogleVerifier, GOOGLE_CLOCK_TOLERANCE_SECONDS, type GoogleVerifier } from './google.js';
export type { ExternalIdentity, ExternalProvider } from './port.js';
