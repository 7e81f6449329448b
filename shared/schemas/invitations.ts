import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { tokenResponse } from './auth';
import { memberRole } from './collections';
import { password, username } from './common';

/** Days an invitation link works (docs/product.md "Sharing"). */
export const INVITATION_DAYS = 7;

/** A pending invitation, as the Sharing card lists it. */
export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: memberRole,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** `allowed`: whether the administrator allows invitations by email right now. */
export const invitationList = z.object({ allowed: z.boolean(), invitations: z.array(invitation) });
export type InvitationList = z.infer<typeof invitationList>;

export const invitationParams = z.object({
  id: z.coerce.number().int().positive(),
  invitationId: z.coerce.number().int().positive(),
});

/** The link's secret, as it appears in `/invitation/:secret`. */
export const invitationSecretParam = z.object({ secret: z.string().min(20).max(100) });

/** What the invitation page shows to whoever holds the link. */
export const invitationView = z.object({
  collectionName: z.string(),
  inviterName: z.string(),
  role: memberRole,
  email: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** The account the invited person chooses: the same rules as any account's. */
export const acceptInvitationInput = z
  .object({
    username,
    password,
    confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

/** Signed in as the new account, and where to go: the shared collection. */
export const invitationAccepted = tokenResponse.extend({ collectionId: z.number().int() });
export type InvitationAccepted = z.infer<typeof invitationAccepted>;
