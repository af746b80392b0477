import {
  CAMPAIGN_ACTIONS,
  CAPTCHA_ERRORS,
  HIDE_REGISTER_MESSAGE,
  type LoginAnswer,
  type LoginCheckAnswer,
  rawReturnUrl,
} from '@portico/contracts';
import { loginOptionsOf, queryOf } from '@portico/contracts/pages';
import { ApiError } from '../../api/client';

// The login page's rules, free of React so they can be tested on their own.

/** Login step 2's ways: a password, a one-time code, or an approval on a signed-in device. */
export type LoginMethod = 'password' | 'otp' | 'prompt';

export interface LoginQuery {
  /** The ReturnUrl the provider sent (`/oidc/interaction/<uid>`), or a portal path. */
  returnUrl: string;
  username: string;
  password: string;
  campaignId: string;
  hideRegister: boolean;
}

export const readLoginQuery = (search: URLSearchParams, carried?: URLSearchParams): LoginQuery => {
  const options = loginOptionsOf(search, carried);
  const hide = options.get('hideRegister');
  return {
    returnUrl: rawReturnUrl(search),
    username: options.get('username') ?? '',
    password: options.get('password') ?? '',
    campaignId: options.get('campaignId') ?? '',
    hideRegister: hide !== null && hide !== 'false' && hide !== '0',
  };
};

/** The query without the credentials of an auto-login (they must not stay in the address bar). */
export const withoutCredentials = (search: URLSearchParams): string => {
  const next = new URLSearchParams(search);
  next.delete('username');
  next.delete('password');
  const returnUrl = rawReturnUrl(next);
  const inner = queryOf(returnUrl);
  if (inner.has('username') || inner.has('password')) {
    inner.delete('username');
    inner.delete('password');
    const path = returnUrl.split('?')[0] ?? '';
    next.set(next.has('ReturnUrl') ? 'ReturnUrl' : 'returnUrl', inner.size ? `${path}?${inner}` : path);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
};

/** Step 2 after the login check: the method to open and whether the captcha is needed. */
export const afterLoginCheck = (answer: LoginCheckAnswer): { method: LoginMethod; captcha: boolean } => ({
  method: answer.loginByOTP ? 'otp' : 'password',
  captcha: Boolean(answer.isErrorMulti),
});

/** error_multi_time, captcha_invalid, captcha_error_empty make the captcha appear (spec §8). */
export const needsCaptcha = (error: unknown): boolean =>
  error instanceof ApiError && (CAPTCHA_ERRORS as readonly string[]).includes(error.messageKey);

export const isSessionExpired = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.messageKey === 'login_session_expired' || (error.status === 404 && error.messageKey === 'error_not_found'));

export type AnswerAction =
  | { kind: 'redirect'; url: string }
  | { kind: 'campaign-url'; url: string }
  | { kind: 'campaign-popup'; html: string; next: string }
  | { kind: 'register' }
  | { kind: 'two-factor' }
  | { kind: 'failed'; messageKey: 'login_invalid_info' };

/**
 * What a login answer leads to (spec §4): isRegister -> the register form; requiresTwoFactor ->
 * step 3; isOk -> the campaign action, else the redirect URL unless it is / or empty, else home.
 * No answer, or not ok: login_invalid_info.
 */
export const actionForAnswer = (answer: LoginAnswer | null | undefined, home: string): AnswerAction => {
  if (!answer) return { kind: 'failed', messageKey: 'login_invalid_info' };
  if (answer.isRegister) return { kind: 'register' };
  if (answer.requiresTwoFactor) return { kind: 'two-factor' };
  if (!answer.isOk) return { kind: 'failed', messageKey: 'login_invalid_info' };
  const next = answer.redirectUrl && answer.redirectUrl !== '/' ? answer.redirectUrl : home;
  const campaign = answer.userCampagin;
  if (campaign?.data) {
    if (campaign.loggedInAction === CAMPAIGN_ACTIONS.goToUrl) {
      // Only a web page: never javascript:, data: or anything else (issue 8, point 11).
      return isWebUrl(campaign.data) ? { kind: 'campaign-url', url: campaign.data } : { kind: 'redirect', url: next };
    }
    if (campaign.loggedInAction === CAMPAIGN_ACTIONS.htmlPopup) {
      return { kind: 'campaign-popup', html: campaign.data, next };
    }
  }
  return { kind: 'redirect', url: next };
};

/** True for an absolute http: or https: URL. */
export const isWebUrl = (text: string): boolean => {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** In-app browsers (Facebook, Messenger, Instagram, Zalo, LINE, Android web views). */
export const isInAppBrowser = (userAgent: string): boolean =>
  /FBAN|FBAV|FB_IAB|FBIOS|Instagram|Zalo|\bLine\/|; wv\)|MicroMessenger|TikTok|musical_ly/i.test(userAgent);

/** A window message asking to hide the register tab: 'hide-register' or { type: 'hide-register' }. */
export const isHideRegisterMessage = (data: unknown): boolean =>
  data === HIDE_REGISTER_MESSAGE ||
  (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === HIDE_REGISTER_MESSAGE);

/** The login page's query with `external=1`: a reload asks what a provider's sign-in left owed (update-info). */
export const withExternal = (search: string): string => {
  const next = new URLSearchParams(search);
  next.set('external', '1');
  return next.toString();
};
