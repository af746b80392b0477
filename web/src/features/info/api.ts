import {
  ACCOUNT_PATHS,
  type AvatarAnswer,
  type CancelLinkingInput,
  type GeneralProfile,
  type UpdateProfileInput,
} from '@portico/contracts';
import { api } from '../../api/client';

// General info calls (spec account §7 General info), behind the bearer token.

export const INFO_QUERY_KEY = ['account', 'info'] as const;

export const getProfile = () => api.get<GeneralProfile>(ACCOUNT_PATHS.profile);

export const updateProfile = (input: UpdateProfileInput) => api.put<GeneralProfile>(ACCOUNT_PATHS.profile, input);

export const cancelLinking = (input: CancelLinkingInput) => api.put<true>(ACCOUNT_PATHS.cancelLinking, input);

/** multipart/form-data with the image in `file`. */
export const uploadAvatar = (image: Blob, fileName: string) => {
  const form = new FormData();
  form.append('file', image, fileName);
  return api.post<AvatarAnswer>(ACCOUNT_PATHS.avatar, form);
};
