// GET /users/:id/deletion: what deleting the account takes with it (its collections).
import useSWR from 'swr';
import type { UserDeletionInfo } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { userKey } from './get-user';

export function getUserDeletion(id: number | string): Promise<UserDeletionInfo> {
  return apiRequest<UserDeletionInfo>(`${userKey(id)}/deletion`);
}

export function useUserDeletion(id: number | string | undefined) {
  return useSWR<UserDeletionInfo>(id === undefined ? null : `${userKey(id)}/deletion`, () => getUserDeletion(id as number | string));
}
