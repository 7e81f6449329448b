// PATCH /profile: names, and a new email address (with the current password) to confirm from its inbox;
// the answer replaces the cached profile.
import useSWRMutation from 'swr/mutation';
import type { Profile, UpdateProfileInput } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return apiRequest<Profile>(PROFILE_KEY, { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  return useSWRMutation(PROFILE_KEY, (_key: string, { arg }: { arg: UpdateProfileInput }) => updateProfile(arg), {
    populateCache: true,
    revalidate: false,
  });
}
