// POST /profile/email/confirm: the token of the link sent to the new address; works signed out too.
import useSWRMutation from 'swr/mutation';
import type { ConfirmEmailChangeInput } from '@shared/schemas/users';
import { apiRequest } from '@web/lib/api-client';
import { PROFILE_KEY } from './get-profile';

export function confirmEmailChange(input: ConfirmEmailChangeInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/profile/email/confirm', { method: 'POST', body: input });
}

/** Keyed on the profile, so a profile on screen is read again with its new address. */
export function useConfirmEmailChange() {
  return useSWRMutation(PROFILE_KEY, (_key: string, { arg }: { arg: ConfirmEmailChangeInput }) => confirmEmailChange(arg), {
    populateCache: false,
  });
}
