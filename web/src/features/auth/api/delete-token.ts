// DELETE /token: sign out. The server revokes the session; locally it is forgotten whatever the answer.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '@web/lib/api-client';
import { clearSession } from '@web/lib/session';
import { isVisitorIndependent } from '@web/lib/use-api-info';

export function deleteToken(): Promise<void> {
  return apiRequest<void>('/token', { method: 'DELETE' });
}

export function useSignOut(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      await deleteToken();
    } catch {
      // Signing out must always work, even offline or with an already revoked token.
    }
    clearSession();
    await mutate((key) => !isVisitorIndependent(key), undefined, { revalidate: false });
  }, [mutate]);
}
