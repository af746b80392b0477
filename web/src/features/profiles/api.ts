import { profilesEndpoints as e, type InputOf, type LookupKind, lookupsEndpoints } from '@portico/contracts';
import { apiFetch } from '../../api/client';
import { call } from '../../api/endpoint';

// Named profiles calls (spec account §7 Profiles, Lookups), behind the bearer token.

export const PROFILES_QUERY_KEY = ['account', 'profiles'] as const;
export const profileKey = (id: number) => [...PROFILES_QUERY_KEY, 'one', id] as const;

export const listProfiles = () => call(e.list, {});
export const createProfile = (displayName: string) => call(e.create, { displayName });
export const getProfile = (userProfileId: number) => call(e.get, { userProfileId });
export const saveProfile = (input: InputOf<typeof e.update>) => call(e.update, input);
export const makeProfileDefault = (userProfileId: number) => call(e.use, { userProfileId });
export const deleteProfile = (userProfileId: number) => call(e.remove, { userProfileId });

/** multipart/form-data with the file in `file` (the endpoints' JSON input is the path only). */
const upload = <T>(method: string, path: string, file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return apiFetch<T>(method, path, { body: form });
};
export const uploadProfileAvatar = (userProfileId: number, file: File) =>
  upload<{ avatar: string }>(
    e.avatar.method,
    e.avatar.path.replace(':userProfileId', String(userProfileId)),
    file,
    file.name,
  );
export const uploadCertificate = (file: File) =>
  upload<{ fileId: string; url: string; fileName: string }>(e.uploadFile.method, e.uploadFile.path, file, file.name);

export const lookupsKey = (kind: LookupKind, q: string) => ['lookups', kind, q] as const;
export const searchLookups = (kind: LookupKind, q: string) => call(lookupsEndpoints.search, { kind, q, limit: 20 });
