import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/setup';
import { ApiError, api, errorText, setTokenGetter } from './client';

const t = i18n.getFixedT('en-US');

const respond = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenGetter(null);
});

describe('api client', () => {
  it('returns the result and sends language, time zone and bearer token', async () => {
    const fetchMock = respond(200, { result: { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    setTokenGetter(() => 'tok123');
    await i18n.changeLanguage('en-US');

    await expect(api.post('/api/things', { a: 1 }, { query: { page: 2, skip: undefined } })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2');
    const headers = init.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('en-US');
    expect(headers['X-Timezone']).toBeTruthy();
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    await i18n.changeLanguage('vi-VN');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = respond(200, { result: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/app-settings');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws ApiError with the message key and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { exception: { message: 'validation_error' }, errors: { username: ['error_username_empty'] } }),
    );
    const error = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      messageKey: 'validation_error',
      status: 400,
      errors: { username: ['error_username_empty'] },
    });
  });

  it('maps failures without an envelope to generic keys', async () => {
    vi.stubGlobal('fetch', respond(502, undefined));
    await expect(api.get('/api/x')).rejects.toMatchObject({ messageKey: 'error_server', status: 502 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x')).rejects.toMatchObject({ messageKey: 'error_network', status: 0 });
  });
});

describe('errorText', () => {
  it('joins the translated field errors with commas', () => {
    const error = new ApiError('validation_error', {
      username: ['error_username_empty'],
      password: ['error_password_empty', 'error_password_invalid'],
    });
    expect(errorText(error, t)).toBe(
      'Please enter your e-mail or phone number., Please enter your password., The password must have at least 6 characters, including at least 1 digit and 1 special character.',
    );
  });

  it('falls back to the translated exception message, or the key as is', () => {
    expect(errorText(new ApiError('invalid_password'), t)).toBe('The password is incorrect.');
    expect(errorText(new ApiError('some_new_key'), t)).toBe('some_new_key');
    expect(errorText(new Error('boom'), t)).toBe('Something went wrong. Please try again.');
  });
});
