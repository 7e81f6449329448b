// POST /users: a new account; the list is revalidated.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreateUserInput, User } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { USERS_KEY } from './get-users';

export function createUser(input: CreateUserInput): Promise<User> {
  return apiRequest<User>(USERS_KEY, { method: 'POST', body: input });
}

export function useCreateUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(USERS_KEY, (_key: string, { arg }: { arg: CreateUserInput }) => createUser(arg), {
    onSuccess: (user) => void mutate(`${USERS_KEY}/${user.id}`, user, { revalidate: false }),
  });
}
