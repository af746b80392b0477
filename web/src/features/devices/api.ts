import { AUTH_PATHS, devicesEndpoints as e } from '@portico/contracts';
import { api } from '../../api/client';
import { call } from '../../api/endpoint';

// Devices calls (spec account §7 Devices), behind the bearer token.

export const DEVICES_QUERY_KEY = ['account', 'devices'] as const;
export const activeDevicesKey = [...DEVICES_QUERY_KEY, 'active'] as const;
export const loggedOutDevicesKey = [...DEVICES_QUERY_KEY, 'logged-out'] as const;
export const deviceKey = (id: string) => [...DEVICES_QUERY_KEY, 'one', id] as const;

export const listDevices = () => call(e.list, {});
export const listLoggedOutDevices = () => call(e.listLoggedOut, {});
export const getDevice = (id: string) => call(e.detail, { id });
export const logoutDevice = (id: string) => call(e.logout, { id });
/** Log out everywhere: the sign-in feature's endpoint (contracts/src/auth.ts). */
export const logoutAllDevices = () => api.post<unknown>(AUTH_PATHS.logoutAll);

/** Browsers that skip the second sign-in step (under DEVICES_QUERY_KEY: log out everywhere refreshes them). */
export const rememberedDevicesKey = [...DEVICES_QUERY_KEY, 'remembered'] as const;
export const listRememberedDevices = () => call(e.remembered, {});
export const forgetRememberedDevice = (id: string) => call(e.forgetRemembered, { id });
