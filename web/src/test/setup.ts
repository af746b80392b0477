import { LOCALES } from '@portico/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { loadMessages } from '../i18n/setup';

// Both catalogues before any test: pages render in either language at once (web/vite.messages.ts).
await Promise.all(LOCALES.map(loadMessages));

// findBy* and waitFor wait up to 5 s, not 1 s: whole pages render slowly on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs Mantine uses.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}

// Before a file's jsdom goes away: unmount what a test left mounted and let Mantine's transition
// timers (a closing modal or toast, ~200 ms) run out, so none fires into a torn-down window
// ("window is not defined" from use-transition after the last test of a file).
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 400));
});
