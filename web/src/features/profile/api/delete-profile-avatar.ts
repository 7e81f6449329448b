// DELETE /profile/avatar: answers the updated profile.
import useSWRMutation from 'swr/mutation';
import type { Profile } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export function deleteProfileAvatar(): Promise<Profile> {
  return apiRequest<Profile>('/profile/avatar', { method: 'DELETE' });
}

export function useDeleteProfileAvatar() {
  return useSWRMutation(PROFILE_KEY, () => deleteProfileAvatar(), { populateCache: true, revalidate: false });
}
