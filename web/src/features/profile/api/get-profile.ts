// GET /profile: the signed-in user's account.
import useSWR from 'swr';
import type { Profile } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';

export const PROFILE_KEY = '/profile';

export function getProfile(): Promise<Profile> {
  return apiRequest<Profile>(PROFILE_KEY);
}

/** Pass false to skip the request (signed out). */
export function useProfile(enabled = true) {
  return useSWR<Profile>(enabled ? PROFILE_KEY : null, getProfile);
}
