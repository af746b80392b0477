import { describe, expect, it } from 'vitest';
import { interactionUidOf } from './interaction.js';

describe('returnUrl of the login page', () => {
  const base = 'http://localhost:3000';
  it('names an interaction by a relative or same-origin absolute URL only', () => {
    expect(interactionUidOf('/oidc/interaction/AbC_123-xyz', base)).toBe('AbC_123-xyz');
    expect(interactionUidOf('http://localhost:3000/oidc/interaction/AbC_123-xyz', base)).toBe('AbC_123-xyz');
    for (const url of [
      '/',
      '/oidc/interaction/short',
      'https://evil.example/oidc/interaction/AbC_123-xyz',
      '//evil.example/oidc/interaction/AbC_123-xyz',
      '/oidc/interaction/AbC_123-xyz/../x',
    ]) {
      expect(interactionUidOf(url, base), url).toBeUndefined();
    }
  });
});
