// PUT /profile/avatar (multipart, field "file"): answers the updated profile.
import useSWRMutation from 'swr/mutation';
import type { Profile } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export function uploadProfileAvatar(file: File): Promise<Profile> {
  const formData = new FormData();
  formData.append('file', file);
  return apiRequest<Profile>('/profile/avatar', { method: 'PUT', formData });
}

export function useUploadProfileAvatar() {
  return useSWRMutation(PROFILE_KEY, (_key: string, { arg }: { arg: File }) => uploadProfileAvatar(arg), {
    populateCache: true,
    revalidate: false,
  });
}
