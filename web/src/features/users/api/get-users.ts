// GET /users: every account (built-in administrator only).
import useSWR from 'swr';
import type { UserList } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';

export const USERS_KEY = '/users';

export function getUsers(): Promise<UserList> {
  return apiRequest<UserList>(USERS_KEY);
}

export function useUsers() {
  return useSWR<UserList>(USERS_KEY, getUsers);
}
