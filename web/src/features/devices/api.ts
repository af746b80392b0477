import { ACCOUNT_PATHS, AUTH_PATHS, accountPath, type Device } from '@portico/contracts';
import { api } from '../../api/client';

// Devices calls (spec account §7 Devices), behind the bearer token.

export const DEVICES_QUERY_KEY = ['account', 'devices'] as const;
export const activeDevicesKey = [...DEVICES_QUERY_KEY, 'active'] as const;
export const loggedOutDevicesKey = [...DEVICES_QUERY_KEY, 'logged-out'] as const;
export const deviceKey = (id: string) => [...DEVICES_QUERY_KEY, 'one', id] as const;

export const listDevices = () => api.get<Device[]>(ACCOUNT_PATHS.devices);
export const listLoggedOutDevices = () => api.get<Device[]>(ACCOUNT_PATHS.devicesLoggedOut);
export const getDevice = (id: string) => api.get<Device>(accountPath(ACCOUNT_PATHS.device, id));
export const logoutDevice = (id: string) => api.post<true>(accountPath(ACCOUNT_PATHS.deviceLogout, id));
export const logoutAllDevices = () => api.post<unknown>(AUTH_PATHS.logoutAll);
