// Invitations by email: GET/DELETE /collections/:id/invitations… for the Sharing card, and
// GET/POST /invitations/:secret for the link's page.
import useSWR, { useSWRConfig } from 'swr';
import type { AcceptInvitationInput, InvitationAccepted, InvitationList, InvitationView } from '@shared/schemas/invitations';
import { apiRequest } from '@web/lib/api-client';

export const invitationsKey = (collectionId: number) => `/collections/${collectionId}/invitations`;

export function useInvitations(collectionId: number) {
  return useSWR<InvitationList>(invitationsKey(collectionId), (key: string) => apiRequest<InvitationList>(key));
}

export function useRevokeInvitation(collectionId: number) {
  const { mutate } = useSWRConfig();
  const key = invitationsKey(collectionId);
  return async (invitationId: number) => {
    await apiRequest<void>(`${key}/${invitationId}`, { method: 'DELETE' });
    await mutate(key);
  };
}

const invitationPath = (secret: string) => `/invitations/${encodeURIComponent(secret)}`;

/** The link is read once: an expired or used link says so, instead of a form that would fail at the end. */
export function useInvitation(secret: string) {
  return useSWR(secret ? invitationPath(secret) : null, (key: string) => apiRequest<InvitationView>(key), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

export function acceptInvitation(secret: string, input: AcceptInvitationInput): Promise<InvitationAccepted> {
  return apiRequest<InvitationAccepted>(invitationPath(secret), { method: 'POST', body: input });
}
