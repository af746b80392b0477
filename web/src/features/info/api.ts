import {
  type CancelLinkingInput,
  profileEndpoints as E,
  externalLoginEndpoints,
  type LanguageInput,
  type LinkProviderInput,
  type OutputOf,
  type UpdateProfileInput,
} from '@portico/contracts';
import { apiFetch } from '../../api/client';
import { call } from '../../api/endpoint';

// General info calls (spec account §7 General info; contracts/src/profile.ts), behind the bearer token.

export const INFO_QUERY_KEY = ['account', 'info'] as const;

export const getProfile = () => call(E.get, {});

export const updateProfile = (input: UpdateProfileInput) => call(E.update, input);

export const cancelLinking = (input: CancelLinkingInput) => call(E.cancelLinking, input);

/** Links Google or Facebook (contracts/src/external-login.ts); the step-up dialog opens when asked. */
export const linkProvider = (input: LinkProviderInput) => call(externalLoginEndpoints.link, input);

/** Starts linking Zalo: the address of Zalo's permission page. */
export const linkZaloStart = () => call(externalLoginEndpoints.linkZaloStart, {});

/** multipart/form-data with the image in `file` (the endpoint's JSON input is empty). */
export const uploadAvatar = (image: Blob, fileName: string) => {
  const form = new FormData();
  form.append('file', image, fileName);
  return apiFetch<OutputOf<typeof E.avatar>>(E.avatar.method, E.avatar.path, { body: form });
};

/** PUT language: the default_language claim (spec account §2 Default-language page). */
export const setLanguage = (input: LanguageInput) => call(E.language, input);
