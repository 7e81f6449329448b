// GET /users: every account (built-in administrator only).
import useSWR from 'swr';
import type { User } from '../../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const USERS_KEY = '/users';

export function getUsers(): Promise<{ users: User[] }> {
  return apiRequest<{ users: User[] }>(USERS_KEY);
}

export function useUsers() {
  return useSWR<{ users: User[] }>(USERS_KEY, getUsers);
}
