// POST /password-reset/confirm: set a new password with the token from the emailed link.
import useSWRMutation from 'swr/mutation';
import type { PasswordResetConfirmInput } from '@shared/schemas/auth';
import type { OkResponse } from '@shared/schemas/common';
import { apiRequest } from '@web/lib/api-client';

export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<OkResponse> {
  return apiRequest<OkResponse>('/password-reset/confirm', { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  return useSWRMutation(
    '/password-reset/confirm',
    (_key: string, { arg }: { arg: PasswordResetConfirmInput }) => confirmPasswordReset(arg),
    { revalidate: false },
  );
}
