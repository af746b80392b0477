import { type AdminAccountAction, type ClientFields, adminEndpoints as E, kycEndpoints } from '@portico/contracts';
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

// The KYC queue: the back office's own endpoints (kyc:review), called with the operator's sign-in.
export const getKycQueue = () => call(kycEndpoints.reviewList, { status: 1, limit: 50 });
export const getKycReview = (userId: string) => call(kycEndpoints.review, { userId });
export const approveKyc = (userId: string) => call(kycEndpoints.approve, { userId });
export const refuseKyc = (userId: string, reason: string) => call(kycEndpoints.refuse, { userId, reason });
