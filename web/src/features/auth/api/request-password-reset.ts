// POST /password-reset: ask for a reset link. The answer is the same whether an account matches or not.
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../lib/api-client';

export interface PasswordResetRequest {
  login: string;
}

export function requestPasswordReset(input: PasswordResetRequest): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/password-reset', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useSWRMutation(
    '/password-reset',
    (_key: string, { arg }: { arg: PasswordResetRequest }) => requestPasswordReset(arg),
    { revalidate: false },
  );
}
