// The embedded mode's one face for the pages (docs/embedding.md).
export { listenToHost, postCallbackToHost, postToastToHost, postToHost, setEmbedOrigins } from './bridge';
export { embeddedDestination, isEmbedded, isEmbeddedNow, rememberEmbedded } from './detect';
export { useResizePoll } from './resize';
export { useEmbedded, useEmbeddedRoute, useRememberEmbedded } from './useEmbedded';
