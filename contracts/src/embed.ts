import type { UserAddress } from './address.js';

// Embedded modes (spec sign-in §1, §2 "Embedded app wrapper", §9; account §1, §2, §8, §9): the
// messages the portal sends to the page or app that embeds it, and the ones it listens to. One
// list for the sender (web/src/embed/bridge.ts), the docs (docs/embedding.md, whose table a test
// holds to this list) and hosts written in TypeScript.

/** Routes that exist only as embedded pages (no banner, no account menu): spec account §2. */
export const EMBEDDED_PATHS = ['/app', '/info', '/change-password', '/address', '/delete-account'] as const;

/** The query that marks any page as embedded (the mobile app's web view opens pages with it). */
export const EMBEDDED_QUERY = 'embedded';

/** The query of embedded /info that opens the update-info form right after a first sign-in. */
export const FIRST_SIGN_IN_QUERY = 'register';

/** What each message carries besides its `type`. */
export interface HostMessagePayloads {
  /** The document's height in CSS pixels, posted to a parent window every 100 ms while it changes. */
  resize: { height: number };
  /** A success toast, in the page's language: in the native app it replaces the toast. */
  message_success: { message: string };
  /** An error toast, in the page's language: in the native app it replaces the toast. */
  message_error: { message: string };
  /** The update-info form was saved (after a first sign-in). */
  register_success: Record<string, never>;
  /** The update-info form was skipped: the update is complete. */
  update_info_complete: Record<string, never>;
  /** The general-info editor (/info) saved. */
  info_noti_info_success: Record<string, never>;
  /** The password was changed (/change-password). */
  change_password_success: Record<string, never>;
  /** The account was deleted (/delete-account); the page signs out 1 s later. */
  delete_account_success: Record<string, never>;
  /** An address was chosen in the embedded address book (/address). */
  address_selected: { address: UserAddress };
  /** A password reset finished in an embedded page: the app signs in itself. */
  forgot_password_success: { username: string };
  /** The /app wrapper has a signed-in user (after a token login or a renewed session). */
  app_signed_in: { sub: string };
  /** The /captcha page's answer, for the native sign-in call. */
  captcha: {
    /** The configured captcha: the native sign-in call sends `captcha` to the same server. */
    provider: 'altcha' | 'recaptcha' | 'none';
    /** The answer to send as `captcha` (ALTCHA payload or reCAPTCHA token); empty when none is configured. */
    captcha: string;
  };
}

export type HostMessageType = keyof HostMessagePayloads;
export type HostMessageOf<T extends HostMessageType> = { type: T } & HostMessagePayloads[T];

/** Every message the portal sends, in the order docs/embedding.md lists them. */
export const HOST_MESSAGE_TYPES = [
  'resize',
  'message_success',
  'message_error',
  'register_success',
  'update_info_complete',
  'info_noti_info_success',
  'change_password_success',
  'delete_account_success',
  'address_selected',
  'forgot_password_success',
  'app_signed_in',
  'captcha',
] as const satisfies readonly HostMessageType[];

/** Compiles only while every message of HostMessagePayloads is in HOST_MESSAGE_TYPES. */
export const HOST_MESSAGES_COMPLETE: [Exclude<HostMessageType, (typeof HOST_MESSAGE_TYPES)[number]>] extends [never]
  ? true
  : never = true;

/** What the /captcha page posts to the native app (window.webkit.messageHandlers.captcha or ReactNativeWebView). */
export const CAPTCHA_MESSAGE = 'captcha' satisfies HostMessageType;
export type CaptchaMessage = HostMessageOf<'captcha'>;

/** Messages the portal listens to from an allow-listed parent: the login page hides its register tab. */
export const HIDE_REGISTER_MESSAGE = 'hide-register';
