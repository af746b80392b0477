export {
  type HostMessage,
  hasNativeHost,
  listenToHost,
  postCallbackToHost,
  postToHost,
  postToNative,
  resolveHostOrigin,
  setEmbedOrigins,
} from './bridge';
export {
  embeddedDestination,
  isEmbedded,
  isEmbeddedLocation,
  isEmbeddedNow,
  isEmbeddedPath,
  isInIframe,
  rememberEmbedded,
} from './detect';
export { RESIZE_POLL_MS, startResizePoll, useResizePoll } from './resize';
export { useEmbedded, useEmbeddedRoute, useRememberEmbedded } from './useEmbedded';
