import type { HostMessagePayloads, HostMessageType } from '@portico/contracts/embed';
import { tabStorage } from '../lib/tabStorage';

// Host bridge: the one way the portal talks to the page or app that embeds it (docs/embedding.md;
// the messages: contracts/src/embed.ts). To a parent window only with an allow-listed target
// origin (never '*'); to native apps through their message handlers. Messages from a parent are
// heard only from an allow-listed origin.

declare global {
  interface Window {
    webkit?: { messageHandlers?: Record<string, { postMessage: (message: unknown) => void } | undefined> };
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

export type HostMessage = { type: string } & Record<string, unknown>;

/** Origins a parent window may have besides the portal's own: EMBED_ORIGINS, from the app settings. */
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

const isAllowedOrigin = (origin: string | null, allowList: readonly string[], win: Window): boolean =>
  origin !== null && new Set([win.location.origin, ...allowList.map(normalizeOrigin)]).has(origin);

/** The parent's origin as first seen in this tab (Firefox has no ancestorOrigins: see below). */
const HOST_ORIGIN_KEY = 'portico.hostOrigin';

/**
 * The parent's origin if it is allowed, else null. The parent origin is read from
 * location.ancestorOrigins (Chromium, WebKit) or, failing that, from document.referrer, which
 * after a navigation inside the frame (a sign-in) names the portal itself: then the origin this
 * frame first saw is used (kept in the tab's storage).
 */
export const resolveHostOrigin = (
  allowList: readonly string[] = allowedOrigins,
  win: Window = window,
): string | null => {
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const storage = tabStorage(win);
  let candidate = normalizeOrigin(ancestors?.[0] ?? win.document.referrer);
  if (!ancestors && candidate === win.location.origin) candidate = storage?.getItem(HOST_ORIGIN_KEY) ?? candidate;
  if (!isAllowedOrigin(candidate, allowList, win)) return null;
  if (candidate !== win.location.origin) storage?.setItem(HOST_ORIGIN_KEY, candidate as string);
  return candidate;
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

type Options = { allowList?: readonly string[]; win?: Window };

/** Sends { type, ...data } to the native app and/or the parent window: who got it. */
const send = (message: HostMessage, options: Options): { native: boolean; parent: boolean } => {
  const win = options.win ?? window;
  const native = postToNative(message, win);
  const origin = win.parent && win.parent !== win ? resolveHostOrigin(options.allowList ?? allowedOrigins, win) : null;
  if (origin) win.parent.postMessage(message, origin);
  return { native, parent: origin !== null };
};

const delivered = ({ native, parent }: { native: boolean; parent: boolean }) => native || parent;

/** Sends one of the portal's messages (contracts/src/embed.ts). True if a host got it. */
export const postToHost = <T extends HostMessageType>(
  type: T,
  ...[data, options = {}]: HostMessagePayloads[T] extends Record<string, never>
    ? [data?: HostMessagePayloads[T], options?: Options]
    : [data: HostMessagePayloads[T], options?: Options]
): boolean => delivered(send({ ...(data ?? {}), type }, options));

/** A toast for the host (message_success / message_error): true when a native app took it (and shows it). */
export const postToastToHost = (
  type: 'message_success' | 'message_error',
  message: string,
  options: Options = {},
): boolean => send({ type, message }, options).native;

/** Sends the message name an app chose (the token-login page's `cb`), with nothing else. */
export const postCallbackToHost = (name: string, options: Options = {}): boolean =>
  delivered(send({ type: name }, options));

/**
 * Listens to messages from the host: the parent window, from an allow-listed origin only (anything
 * another page posts is ignored), or the native app, whose web view dispatches them in the page
 * itself (no source, or this window). Returns the unsubscribe.
 */
export const listenToHost = (onMessage: (data: unknown) => void, options: Options = {}): (() => void) => {
  const win = options.win ?? window;
  const listener = (event: MessageEvent) => {
    const native = event.source === null || event.source === win;
    const parent = win.parent !== win && event.source === win.parent;
    if (native || (parent && isAllowedOrigin(event.origin, options.allowList ?? allowedOrigins, win))) {
      onMessage(event.data);
    }
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
};
