import {
  type AdminAccountAction,
  brandingEndpoints as B,
  campaignEndpoints as C,
  type CampaignFields,
  type ClientFields,
  adminEndpoints as E,
  kycEndpoints,
  lookupsEndpoints as L,
  type LOGO_LOCALES,
  type LookupKind,
  type MEMBER_KINDS,
  permissionEndpoints as P,
  type ProductScope,
} from '@portico/contracts';
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

export const getBrands = () => call(B.list, {});
export const putBrand = (blockId: string, nameVi: string, nameEn: string | null) =>
  call(B.put, { blockId, nameVi, nameEn });
export const removeBrand = (blockId: string) => call(B.remove, { blockId });
/** multipart/form-data with the image in `file`; the operator's step-up asked for like any change. */
export const uploadLogo = (blockId: string, language: (typeof LOGO_LOCALES)[number], image: File) => {
  const form = new FormData();
  form.append('file', image, image.name);
  return call(B.logo, { blockId, language }, { form });
};

export const getCampaigns = () => call(C.list, {});
export const createCampaign = (fields: CampaignFields) => call(C.create, fields);
export const updateCampaign = (id: number, fields: CampaignFields) => call(C.update, { id, ...fields });

// Lookups and groups: the back office's own endpoints (lookups:write, permissions:write), called
// with the operator's sign-in like the KYC queue.
export const listLookups = (kind: LookupKind, q: string) => call(L.productList, { kind, q, limit: 200 });
export const addLookup = (kind: LookupKind, name: string, nameEn: string | null) =>
  call(L.create, { kind, name, nameEn });
export const changeLookup = (id: number, fields: { name?: string; active?: boolean }) =>
  call(L.update, { id, ...fields });
export const getGroups = () => call(P.groups, {});
export const putGroup = (code: string, name: string, permissions: ProductScope[]) =>
  call(P.putGroup, { code, name, permissions });
export const deleteGroup = (code: string) => call(P.deleteGroup, { code });
type MemberKind = (typeof MEMBER_KINDS)[number];
export const addGroupMember = (code: string, kind: MemberKind, id: string) => call(P.addMember, { code, kind, id });
export const removeGroupMember = (code: string, kind: MemberKind, id: string) =>
  call(P.removeMember, { code, kind, id });
