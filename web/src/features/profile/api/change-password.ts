// POST /profile/password: the current password proves it is really the owner.
import useSWRMutation from 'swr/mutation';
import type { OkResponse } from '@shared/schemas/common';
import type { ChangePasswordInput } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<OkResponse> {
  return apiRequest<OkResponse>('/profile/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useSWRMutation('/profile/password', (_key: string, { arg }: { arg: ChangePasswordInput }) => changePassword(arg), {
    revalidate: false,
  });
}
