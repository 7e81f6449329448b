// POST /password-reset: ask for a reset link. The answer is the same whether an account matches or not.
import useSWRMutation from 'swr/mutation';
import type { PasswordResetRequestInput } from '@shared/schemas/auth';
import type { OkResponse } from '@shared/schemas/common';
import { apiRequest } from '@web/lib/api-client';

export function requestPasswordReset(input: PasswordResetRequestInput): Promise<OkResponse> {
  return apiRequest<OkResponse>('/password-reset', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useSWRMutation('/password-reset', (_key: string, { arg }: { arg: PasswordResetRequestInput }) => requestPasswordReset(arg), {
    revalidate: false,
  });
}
