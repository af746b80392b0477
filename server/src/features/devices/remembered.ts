import type { RememberedDevice } from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { createRememberedBrowsers, type RememberedBrowser } from '../../modules/sign-in/index.js';

const asDevice = (r: RememberedBrowser): RememberedDevice => ({
  id: r.id,
  deviceType: r.deviceType === 2 ? 2 : 1,
  deviceName: r.deviceName,
  browser: r.browser,
  ip: r.ip,
  createdTime: r.createdAt.toISOString(),
  lastUsedTime: r.lastUsedAt.toISOString(),
  expiresTime: r.expiresAt.toISOString(),
});

/**
 * The devices page's remembered browsers (server/src/modules/sign-in/remembered.ts): a user sees
 * and forgets only their own; someone else's id answers 404 like an unknown one.
 */
export function createRememberedDeviceService(deps: AppDeps) {
  const remembered = createRememberedBrowsers(deps);
  return {
    list: async (userId: string) => (await remembered.list(userId)).map(asDevice),
    async forget(userId: string, id: string): Promise<true> {
      if (!(await remembered.forget(userId, id))) throw notFound('remembered_device_not_found');
      return true;
    },
  };
}
