import { DEFAULT_TIMEZONE, isApiError } from '@portico/contracts';
import type { TFunction } from 'i18next';
import { currentLocale } from '../i18n/setup';
import { type LooseT, looseT } from '../i18n/t';

// fetch wrapper for the Portico JSON API (contracts/src/api.ts): every request carries
// Accept-Language (the interface language), X-Timezone and, when signed in, the bearer token.
// Answers are { result } or { exception: { message }, errors: { field: [keys] } }.

export type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

let tokenGetter: TokenGetter = () => null;

/** Plugged by the auth layer: returns the current access token, or nothing when signed out. */
export const setTokenGetter = (getter: TokenGetter | null): void => {
  tokenGetter = getter ?? (() => null);
};

let unauthorizedHandler: (() => void) | null = null;

/** Plugged by the auth layer: called when a call that carried a bearer token answers 401. */
export const setUnauthorizedHandler = (handler: (() => void) | null): void => {
  unauthorizedHandler = handler;
};

let timezone: string | undefined;

/**
 * The browser's IANA time zone, Asia/Saigon when unknown. Read once: building an
 * Intl.DateTimeFormat costs tens of milliseconds on a slow phone, and every call sends it
 * (the login page's profile, issue 27 point 1).
 */
export const currentTimezone = (): string => {
  if (timezone) return timezone;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    timezone = DEFAULT_TIMEZONE;
  }
  return timezone;
};

/** A failed API call: a message key, the field errors (field -> message keys) and the status. */
export class ApiError extends Error {
  readonly messageKey: string;
  readonly errors: Record<string, string[]>;
  readonly status: number;

  constructor(messageKey: string, errors: Record<string, string[]> = {}, status = 0) {
    super(messageKey);
    this.name = 'ApiError';
    this.messageKey = messageKey;
    this.errors = errors;
    this.status = status;
  }
}

/** Message key for a failed answer that carried no envelope. */
export const statusMessageKey = (status: number): string => {
  if (status === 0) return 'error_network';
  if (status === 401) return 'error_unauthorized';
  if (status === 403) return 'error_forbidden';
  if (status === 404) return 'error_not_found';
  if (status === 429) return 'error_too_many_requests';
  if (status >= 500) return 'error_server';
  return 'error_bad_request';
};

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-serialised, or sent as is when FormData / URLSearchParams / Blob. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'same-origin' by default; 'include' for the calls the spec says send credentials. */
  credentials?: RequestCredentials;
}

const apiUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const base = path.startsWith('/api/') || path === '/api' ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
};

const isRawBody = (body: unknown): body is BodyInit =>
  body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob;

/** Calls the API and returns the `result` of the answer; throws ApiError otherwise. */
export async function apiFetch<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Timezone': currentTimezone(),
    ...options.headers,
  };
  const token = await tokenGetter();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: options.credentials ?? 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('error_network', {}, 0);
  }

  let payload: unknown;
  const text = response.status === 204 ? '' : await response.text();
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }

  // The server no longer accepts our token (expired, revoked, session ended): sign out locally.
  if (response.status === 401 && token) unauthorizedHandler?.();

  if (isApiError(payload)) {
    throw new ApiError(
      payload.exception?.message || statusMessageKey(response.status),
      payload.errors ?? {},
      response.status,
    );
  }
  if (!response.ok) throw new ApiError(statusMessageKey(response.status), {}, response.status);
  if (payload && typeof payload === 'object' && 'result' in payload) return (payload as { result: T }).result;
  return undefined as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiFetch<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiFetch<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiFetch<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiFetch<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiFetch<T>('DELETE', path, options),
};

/**
 * The text to show for a failed call (spec §8): the translated field-error messages joined
 * with commas when there are any, else the translated exception message.
 */
export const errorText = (error: unknown, t: TFunction | LooseT): string => {
  const tr = looseT(t);
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.errors).flat().filter(Boolean);
    if (fieldMessages.length > 0) return [...new Set(fieldMessages)].map((key) => tr(key)).join(', ');
    return tr(error.messageKey);
  }
  return tr('error_unknown');
};
