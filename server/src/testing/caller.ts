import type { CallerContext } from '../lib/caller.js';

/** A caller for services called straight from a test (routes build it from the request: server/src/http/context.ts). */
export const testCaller = (overrides: Partial<CallerContext> = {}): CallerContext => ({
  ip: '127.0.0.1',
  userAgent: 'vitest',
  region: null,
  locale: 'vi-VN',
  timeZone: 'Asia/Saigon',
  ...overrides,
});
