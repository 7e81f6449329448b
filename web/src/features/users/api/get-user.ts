// GET /users/:id: one account (built-in administrator only).
import useSWR from 'swr';
import type { User } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';

export function userKey(id: number | string): string {
  return `/users/${id}`;
}

export function getUser(id: number | string): Promise<User> {
  return apiRequest<User>(userKey(id));
}

export function useUser(id: number | string | undefined) {
  return useSWR<User>(id === undefined ? null : userKey(id), () => getUser(id as number | string));
}
