import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToHost, postToHost, resolveHostOrigin } from './bridge';
import { isEmbedded, isEmbeddedLocation, isInIframe, rememberEmbedded } from './detect';
import { startResizePoll } from './resize';

/** A fake framed window: parent differs from self, with a referrer. */
const framedWindow = (referrer: string) => {
  const parent = { postMessage: vi.fn() };
  const win = {
    location: { origin: 'https://id.example.edu' },
    document: { referrer },
    parent,
    self: {} as unknown,
    top: parent,
  };
  win.self = win;
  return { win: win as unknown as Window, parent };
};

afterEach(() => vi.useRealTimers());

describe('embedded detection', () => {
  it('is embedded under /app or with embedded=1 / iframe=1', () => {
    expect(isEmbeddedLocation('/app', '')).toBe(true);
    expect(isEmbeddedLocation('/en-us/app/anything', '')).toBe(true);
    expect(isEmbeddedLocation('/login', '?embedded=1')).toBe(true);
    expect(isEmbeddedLocation('/login', '?iframe=1&x=2')).toBe(true);
    expect(isEmbeddedLocation('/login', '?embedded=0')).toBe(false);
    expect(isEmbeddedLocation('/application', '')).toBe(false);
    expect(isEmbeddedLocation('/account', '')).toBe(false);
  });

  it('is embedded on the embedded-only routes, not on their account-area twins', () => {
    for (const path of ['/info', '/change-password', '/address', '/address/0', '/en-us/delete-account']) {
      expect(isEmbeddedLocation(path, '')).toBe(true);
    }
    for (const path of ['/account/info', '/security/change-password', '/account/address/3', '/information']) {
      expect(isEmbeddedLocation(path, '')).toBe(false);
    }
  });

  it('keeps the mark for the tab (a web view signing in leaves and comes back without the query)', () => {
    sessionStorage.clear();
    expect(isEmbedded('/login', '?ReturnUrl=%2Foidc%2Finteraction%2Fx', window)).toBe(false);
    rememberEmbedded('/address', '');
    expect(isEmbedded('/login', '?ReturnUrl=%2Foidc%2Finteraction%2Fx', window)).toBe(true);
    rememberEmbedded('/login', ''); // an ordinary page leaves the mark alone
    expect(isEmbedded('/forgot-password', '', window)).toBe(true);
    rememberEmbedded('/login', '?embedded=0');
    expect(isEmbedded('/login', '', window)).toBe(false);
  });

  it('is embedded inside an iframe', () => {
    expect(isInIframe(window)).toBe(false);
    expect(isEmbedded('/login', '', window)).toBe(false);
    const { win } = framedWindow('');
    expect(isInIframe(win)).toBe(true);
    expect(isEmbedded('/login', '', win)).toBe(true);
  });
});

describe('host bridge', () => {
  it('posts to the parent only with an allow-listed origin, never *', () => {
    const { win, parent } = framedWindow('https://lms.example.edu/course/1');
    expect(resolveHostOrigin(['https://lms.example.edu'], win)).toBe('https://lms.example.edu');
    expect(
      postToHost('forgot_password_success', { username: 'a' }, { allowList: ['https://lms.example.edu'], win }),
    ).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'forgot_password_success', username: 'a' },
      'https://lms.example.edu',
    );

    parent.postMessage.mockClear();
    expect(postToHost('register_success', {}, { allowList: ['https://other.example'], win })).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('allows a same-origin parent and refuses an unknown referrer', () => {
    expect(resolveHostOrigin([], framedWindow('https://id.example.edu/account').win)).toBe('https://id.example.edu');
    expect(resolveHostOrigin([], framedWindow('https://evil.example/').win)).toBeNull();
    expect(resolveHostOrigin(['https://lms.example.edu'], framedWindow('').win)).toBeNull();
  });

  it('keeps addressing the host after the frame navigated, where the referrer then names the portal (Firefox)', () => {
    const storage = new Map<string, string>();
    const sessionStorage = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    };
    const first = framedWindow('https://lms.example.edu/course/1').win;
    Object.assign(first, { sessionStorage });
    expect(resolveHostOrigin(['https://lms.example.edu'], first)).toBe('https://lms.example.edu');
    const after = framedWindow('https://id.example.edu/login?ReturnUrl=x').win;
    Object.assign(after, { sessionStorage });
    expect(resolveHostOrigin(['https://lms.example.edu'], after)).toBe('https://lms.example.edu');
    // Not once the list no longer allows it.
    expect(resolveHostOrigin([], after)).toBeNull();
  });

  it('hears the parent only from an allow-listed origin, and the native app from the page itself', () => {
    const { win, parent } = framedWindow('');
    const listeners: ((e: MessageEvent) => void)[] = [];
    Object.assign(win, {
      addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.push(l),
      removeEventListener: vi.fn(),
    });
    const heard = vi.fn();
    listenToHost(heard, { allowList: ['https://lms.example.edu'], win });
    const dispatch = (source: unknown, origin: string, data: unknown) => {
      for (const l of listeners) l({ source, origin, data } as MessageEvent);
    };
    dispatch(parent, 'https://evil.example', 'hide-register');
    dispatch({}, 'https://lms.example.edu', 'hide-register'); // another window of an allowed origin
    expect(heard).not.toHaveBeenCalled();
    dispatch(parent, 'https://lms.example.edu', 'hide-register');
    dispatch(null, '', 'from-native');
    expect(heard.mock.calls).toEqual([['hide-register'], ['from-native']]);
  });

  it('uses native handlers when present', () => {
    const { win } = framedWindow('');
    const handler = { postMessage: vi.fn() };
    (win as unknown as { webkit: unknown }).webkit = { messageHandlers: { message_success: handler } };
    expect(postToHost('message_success', { message: 'ok' }, { win })).toBe(true);
    expect(handler.postMessage).toHaveBeenCalledWith({ type: 'message_success', message: 'ok' });

    const rn = { postMessage: vi.fn() };
    const { win: win2 } = framedWindow('');
    (win2 as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = rn;
    postToHost('register_success', {}, { win: win2 });
    expect(rn.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'register_success' }));
  });

  it('polls the height every 100 ms and posts changes', () => {
    vi.useFakeTimers();
    let height = 300;
    // The app's root is measured (the document is at least as tall as the frame), and an open
    // dropdown that reaches lower.
    const root = { getBoundingClientRect: () => ({ bottom: height - 0.4 }) };
    let dropdowns: { getBoundingClientRect: () => { bottom: number } }[] = [];
    const doc = {
      getElementById: (id: string) => (id === 'root' ? root : null),
      querySelectorAll: () => dropdowns,
      defaultView: { scrollY: 0 },
    } as unknown as Document;
    const post = vi.fn();
    const stop = startResizePoll(post, doc);
    expect(post).toHaveBeenLastCalledWith(300);
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenCalledTimes(1); // unchanged: not posted again
    height = 420;
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenLastCalledWith(420);
    dropdowns = [{ getBoundingClientRect: () => ({ bottom: 610 }) }];
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenLastCalledWith(610);
    dropdowns = [];
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenLastCalledWith(420);
    stop();
    height = 500;
    vi.advanceTimersByTime(300);
    expect(post).toHaveBeenCalledTimes(4);
  });
});
