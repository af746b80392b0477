// Host bridge: reports to the app that embeds the portal. To a parent window only with an
// allow-listed target origin (never '*'); to native apps through their message handlers.

declare global {
  interface Window {
    webkit?: { messageHandlers?: Record<string, { postMessage: (message: unknown) => void } | undefined> };
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

export type HostMessage = { type: string } & Record<string, unknown>;

/** Origins a parent window may have. Own origin always; app settings may add more. */
let allowedOrigins: string[] = [];

export const setEmbedOrigins = (origins: readonly string[]): void => {
  allowedOrigins = origins.map(normalizeOrigin).filter((o): o is string => o !== null);
};

const normalizeOrigin = (value: string): string | null => {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/**
 * The parent's origin if it is allowed, else null. The parent origin is read from
 * location.ancestorOrigins (Chromium, WebKit) or, failing that, from document.referrer.
 */
export const resolveHostOrigin = (
  allowList: readonly string[] = allowedOrigins,
  win: Window = window,
): string | null => {
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const candidate = normalizeOrigin(ancestors?.[0] ?? win.document.referrer);
  if (!candidate) return null;
  const allowed = new Set([win.location.origin, ...allowList.map(normalizeOrigin)]);
  return allowed.has(candidate) ? candidate : null;
};

/** Native app handler (iOS WKWebView message handler or React Native WebView), if any. */
export const postToNative = (message: HostMessage, win: Window = window): boolean => {
  const handlers = win.webkit?.messageHandlers;
  const handler = handlers?.[message.type] ?? handlers?.portico;
  if (handler) {
    handler.postMessage(message);
    return true;
  }
  if (win.ReactNativeWebView) {
    win.ReactNativeWebView.postMessage(JSON.stringify(message));
    return true;
  }
  return false;
};

/** Sends { type, ...data } to the native app and/or the parent window. True if delivered. */
export const postToHost = (
  type: string,
  data: Record<string, unknown> = {},
  options: { allowList?: readonly string[]; win?: Window } = {},
): boolean => {
  const win = options.win ?? window;
  const message: HostMessage = { ...data, type };
  let delivered = postToNative(message, win);
  if (win.parent && win.parent !== win) {
    const origin = resolveHostOrigin(options.allowList ?? allowedOrigins, win);
    if (origin) {
      win.parent.postMessage(message, origin);
      delivered = true;
    }
  }
  return delivered;
};
