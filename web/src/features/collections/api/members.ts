// GET/POST /collections/:id/members and PATCH/DELETE …/members/:userId: the people a collection is shared with.
import useSWR, { useSWRConfig } from 'swr';
import type { MemberRole } from '@shared/catalogue';
import type { Invitation } from '@shared/schemas/invitations';
import type { AddMemberInput, Member, MemberList } from '@shared/schemas/members';
import { apiRequest } from '@web/lib/api-client';
import { invitationsKey } from './invitations';

export const membersKey = (collectionId: number) => `/collections/${collectionId}/members`;

export function useMembers(collectionId: number) {
  return useSWR<MemberList>(membersKey(collectionId), (key: string) => apiRequest<MemberList>(key));
}

/** The three changes of the sharing; each refreshes the list of members after it. */
export function useMemberChanges(collectionId: number) {
  const { mutate } = useSWRConfig();
  const key = membersKey(collectionId);
  const refresh = () => mutate(key);
  return {
    /** An address without an account gets an invitation instead (when the administrator allows them). */
    add: async (input: AddMemberInput): Promise<Member | Invitation> => {
      const added = await apiRequest<Member | Invitation>(key, { method: 'POST', body: input });
      await Promise.all([refresh(), mutate(invitationsKey(collectionId))]);
      return added;
    },
    changeRole: async (userId: number, role: MemberRole) => {
      await apiRequest<Member>(`${key}/${userId}`, { method: 'PATCH', body: { role } });
      await refresh();
    },
    remove: async (userId: number) => {
      await apiRequest<void>(`${key}/${userId}`, { method: 'DELETE' });
      await refresh();
    },
  };
}
