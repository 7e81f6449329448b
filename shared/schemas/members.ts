import { z } from 'zod';
import { LOGIN_MAX_LENGTH } from '../constants';
import { memberRole } from './collections';

/** A person a collection is shared with. */
export const member = z.object({
  userId: z.number().int(),
  username: z.string(),
  role: memberRole,
  addedAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const memberList = z.object({ members: z.array(member) });
export type MemberList = z.infer<typeof memberList>;

/** Share with an existing user, named by username or email address. */
export const addMemberInput = z
  .object({
    login: z.string().trim().min(1).max(LOGIN_MAX_LENGTH),
    role: memberRole,
  })
  .strict();
export type AddMemberInput = z.input<typeof addMemberInput>;

export const updateMemberInput = z.object({ role: memberRole }).strict();
export type UpdateMemberInput = z.input<typeof updateMemberInput>;

export const memberParams = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});
