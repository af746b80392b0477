import { afterEach, describe, expect, it, vi } from 'vitest';
import { postToHost, resolveHostOrigin } from './bridge';
import { isEmbedded, isEmbeddedLocation, isInIframe } from './detect';
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
    expect(postToHost('register_success', { a: 1 }, { allowList: ['https://lms.example.edu'], win })).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'register_success', a: 1 }, 'https://lms.example.edu');

    parent.postMessage.mockClear();
    expect(postToHost('register_success', {}, { allowList: ['https://other.example'], win })).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('allows a same-origin parent and refuses an unknown referrer', () => {
    expect(resolveHostOrigin([], framedWindow('https://id.example.edu/account').win)).toBe('https://id.example.edu');
    expect(resolveHostOrigin([], framedWindow('https://evil.example/').win)).toBeNull();
    expect(resolveHostOrigin(['https://lms.example.edu'], framedWindow('').win)).toBeNull();
  });

  it('uses native handlers when present', () => {
    const { win } = framedWindow('');
    const handler = { postMessage: vi.fn() };
    (win as unknown as { webkit: unknown }).webkit = { messageHandlers: { message_success: handler } };
    expect(postToHost('message_success', { text: 'ok' }, { win })).toBe(true);
    expect(handler.postMessage).toHaveBeenCalledWith({ type: 'message_success', text: 'ok' });

    const rn = { postMessage: vi.fn() };
    const { win: win2 } = framedWindow('');
    (win2 as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = rn;
    postToHost('register_success', {}, { win: win2 });
    expect(rn.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'register_success' }));
  });

  it('polls the height every 100 ms and posts changes', () => {
    vi.useFakeTimers();
    let height = 300;
    const doc = { body: { scrollHeight: 0 }, documentElement: {} } as unknown as Document;
    Object.defineProperty(doc.documentElement, 'scrollHeight', { get: () => height });
    const post = vi.fn();
    const stop = startResizePoll(post, doc);
    expect(post).toHaveBeenLastCalledWith(300);
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenCalledTimes(1); // unchanged: not posted again
    height = 420;
    vi.advanceTimersByTime(100);
    expect(post).toHaveBeenLastCalledWith(420);
    stop();
    height = 500;
    vi.advanceTimersByTime(300);
    expect(post).toHaveBeenCalledTimes(2);
  });
});
