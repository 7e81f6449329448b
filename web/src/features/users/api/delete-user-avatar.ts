// DELETE /users/:id/avatar: answers the updated user.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { userKey } from './get-user';
import { USERS_KEY } from './get-users';

export function deleteUserAvatar(id: number): Promise<User> {
  return apiRequest<User>(`${userKey(id)}/avatar`, { method: 'DELETE' });
}

export function useDeleteUserAvatar(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(userKey(id), () => deleteUserAvatar(id), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void mutate(USERS_KEY),
  });
}
