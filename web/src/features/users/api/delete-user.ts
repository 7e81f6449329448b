// DELETE /users/:id: the account and all of its collections.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@web/lib/api-client';
import { userKey } from './get-user';
import { USERS_KEY } from './get-users';

export function deleteUser(id: number): Promise<void> {
  return apiRequest<void>(userKey(id), { method: 'DELETE' });
}

export function useDeleteUser(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(USERS_KEY, () => deleteUser(id), {
    onSuccess: () =>
      void mutate((key) => typeof key === 'string' && (key === userKey(id) || key.startsWith(`${userKey(id)}/`)), undefined, {
        revalidate: false,
      }),
  });
}
