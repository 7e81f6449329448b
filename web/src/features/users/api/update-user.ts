// PATCH /users/:id: the answer replaces the cached user; the list is revalidated.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { UpdateUserInput, User } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { userKey } from './get-user';
import { USERS_KEY } from './get-users';

export function updateUser(id: number, input: UpdateUserInput): Promise<User> {
  return apiRequest<User>(userKey(id), { method: 'PATCH', body: input });
}

export function useUpdateUser(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(userKey(id), (_key: string, { arg }: { arg: UpdateUserInput }) => updateUser(id, arg), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void mutate(USERS_KEY),
  });
}
