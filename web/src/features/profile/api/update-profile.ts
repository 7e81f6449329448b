// PATCH /profile: email and names; the answer replaces the cached profile.
import useSWRMutation from 'swr/mutation';
import type { UpdateProfileInput, User } from '../../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { PROFILE_KEY } from './get-profile';

export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return apiRequest<User>(PROFILE_KEY, { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  return useSWRMutation(PROFILE_KEY, (_key: string, { arg }: { arg: UpdateProfileInput }) => updateProfile(arg), {
    populateCache: true,
    revalidate: false,
  });
}
