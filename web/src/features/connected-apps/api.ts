import { connectedAppsEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Connected apps calls (contracts/src/connected-apps.ts), behind the bearer token.

export const CONNECTED_APPS_KEY = ['account', 'connected-apps'] as const;
export const listConnectedApps = () => call(e.list, {});
export const revokeConnectedApp = (clientId: string) => call(e.revoke, { clientId });
