// POST /profile/password: the current password proves it is really the owner.
import useSWRMutation from 'swr/mutation';
import type { ChangePasswordInput } from '../../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/profile/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useSWRMutation(
    '/profile/password',
    (_key: string, { arg }: { arg: ChangePasswordInput }) => changePassword(arg),
    { revalidate: false },
  );
}
