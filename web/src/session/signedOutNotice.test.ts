import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh module: what a document took is per page load.
const load = async () => {
  vi.resetModules();
  return import('./signedOutNotice');
};

describe('the signed-out notice', () => {
  beforeEach(() => sessionStorage.clear());

  it('is false when this tab did not sign out', async () => {
    const { takeSignedOut } = await load();
    expect(takeSignedOut()).toBe(false);
  });

  it('gives the same answer to a render React discarded and its retry, and is gone on the next page load', async () => {
    const { markSignedOut } = await load();
    markSignedOut();
    const page = await load();
    expect(page.takeSignedOut()).toBe(true);
    expect(page.takeSignedOut()).toBe(true);
    expect(sessionStorage.getItem('portico.signedOut')).toBeNull();
    const next = await load();
    expect(next.takeSignedOut()).toBe(false);
  });
});
