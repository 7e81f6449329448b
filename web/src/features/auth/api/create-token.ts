// POST /token: sign in with a username or email and a password.
import useSWRMutation from 'swr/mutation';
import type { SignInInput, TokenResponse } from '@shared/schemas/auth';
import { apiRequest } from '@web/lib/api-client';

export function createToken(input: SignInInput): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/token', { method: 'POST', body: input });
}

export function useCreateToken() {
  return useSWRMutation('/token', (_key: string, { arg }: { arg: SignInInput }) => createToken(arg), {
    revalidate: false,
  });
}
