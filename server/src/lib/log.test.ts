import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log.js';

describe('redactedUrl', () => {
  it('keeps a signed file URL’s signature and a token out of the logs', () => {
    expect(redactedUrl('/files/0123456789abcdef0123456789abcdef.png?exp=123&sig=AbC-_x')).toBe(
      '/files/0123456789abcdef0123456789abcdef.png?exp=123&sig=[redacted]',
    );
    expect(redactedUrl('/token-login?token=secret&cb=x')).toBe('/token-login?token=[redacted]&cb=x');
    expect(redactedUrl('/api/account/me')).toBe('/api/account/me');
  });
});
