// The real-time hub (issue 26; ADR 006): pages waiting for a QR code or a push request to be
// answered, and account pages waiting for push requests, hear what happens to their key. The
// flow records are the truth (server/src/modules/flows); the hub only wakes the pages. Events go
// through the key-value store's publish/subscribe: in-process alone, Redis across copies
// (server/src/adapters/kv), so a phone answering on one copy wakes a browser held by another.
export { createHub, type Hub, hubChannel, userHubChannel } from './hub.js';
export { readUserHubKey, userHubKey } from './user-keys.js';
