import { type AdminAccountAction, type ClientFields, adminEndpoints as E } from '@portico/contracts';
import { call } from '../../api/endpoint';

export const ADMIN_QUERY_KEY = ['admin'] as const;

export const getAccess = () => call(E.access, {});
export const searchUsers = (q: string) => call(E.users, { q });
export const getUser = (userId: string) => call(E.user, { userId });
export const actOnUser = (userId: string, action: AdminAccountAction) => call(E.act, { userId, action });
export const getClients = () => call(E.clients, {});
export const createClient = (clientId: string, fields: ClientFields) => call(E.createClient, { clientId, ...fields });
export const updateClient = (clientId: string, fields: ClientFields) => call(E.updateClient, { clientId, ...fields });
export const rotateSecret = (clientId: string) => call(E.rotateSecret, { clientId });
export const deleteClient = (clientId: string) => call(E.deleteClient, { clientId });
export const getAudit = (pageIndex: number) => call(E.audit, { pageIndex });
