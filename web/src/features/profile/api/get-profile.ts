// GET /profile: the signed-in user's account.
import useSWR from 'swr';
import type { User } from '../../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const PROFILE_KEY = '/profile';

export function getProfile(): Promise<User> {
  return apiRequest<User>(PROFILE_KEY);
}

/** Pass false to skip the request (signed out). */
export function useProfile(enabled = true) {
  return useSWR<User>(enabled ? PROFILE_KEY : null, getProfile);
}
