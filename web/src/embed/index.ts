export { type HostMessage, postToHost, postToNative, resolveHostOrigin, setEmbedOrigins } from './bridge';
export { isEmbedded, isEmbeddedLocation, isInIframe } from './detect';
export { RESIZE_POLL_MS, startResizePoll, useResizePoll } from './resize';
export { useEmbedded } from './useEmbedded';
