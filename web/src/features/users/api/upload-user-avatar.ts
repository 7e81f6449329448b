// PUT /users/:id/avatar (multipart, field "file"): answers the updated user.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { User } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { userKey } from './get-user';
import { USERS_KEY } from './get-users';

export function uploadUserAvatar(id: number, file: File): Promise<User> {
  const formData = new FormData();
  formData.append('file', file);
  return apiRequest<User>(`${userKey(id)}/avatar`, { method: 'PUT', formData });
}

export function useUploadUserAvatar(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(userKey(id), (_key: string, { arg }: { arg: File }) => uploadUserAvatar(id, arg), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void mutate(USERS_KEY),
  });
}
