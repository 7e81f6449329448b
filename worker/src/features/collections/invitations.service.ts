// Inviting someone without an account to a shared collection, and their sign-up from the link
// (docs/product.md "Sharing"). Everything here holds only while the administrator allows invitations:
// turned off, new invitations are refused and existing links answer as expired, and nothing is deleted.
import type { Context } from 'hono';
import type { MemberRole } from '@shared/catalogue';
import { email as emailSchema } from '@shared/schemas/common';
import type { AcceptInvitationInput, Invitation, InvitationAccepted, InvitationView } from '@shared/schemas/invitations';
import { sessions } from '@worker/db/schema';
import { sqlNowPlus } from '@worker/db/now';
import type { AppEnv } from '@worker/env';
import { ApiError } from '@worker/lib/api-error';
import { hashPassword } from '@worker/lib/password';
import { greetingName } from '@worker/lib/person-name';
import { clientAddress, throttle } from '@worker/lib/rate-limit';
import { randomToken, SESSION_DAYS, sha256Hex, signSessionToken } from '@worker/lib/tokens';
import { callerOf } from '@worker/middleware/auth';
import { findUserById } from '../users/users.queries';
import { assertNoConflicts } from '../users/users.service';
import { sendInvitationEmail } from './invitations.email';
import { acceptInvitationRows, findUsableInvitation, insertInvitation } from './invitations.queries';

const HOUR = 3600;
/** Invitations one person may send per hour: enough for a family or a club, not for a mailing. */
const INVITATIONS_PER_SENDER = 20;
/** Views and sign-ups of invitation pages per address per quarter hour: links are long, guessing is pointless. */
const LINK_USES_PER_ADDRESS = 30;

async function invitationsAllowed(c: Context<AppEnv>): Promise<boolean> {
  return (await c.get('settings').read()).invitationsEnabled;
}

/**
 * Sharing with an address no account has: an invitation when the administrator allows them, else the
 * same refusal as before invitations existed.
 */
export async function inviteByEmail(
  c: Context<AppEnv>,
  collection: { id: number; name: string },
  login: string,
  role: MemberRole,
): Promise<Invitation> {
  const address = emailSchema.safeParse(login);
  if (!address.success || !(await invitationsAllowed(c))) throw new ApiError('SHARE_USER_UNKNOWN');
  const db = c.get('db');
  const inviter = callerOf(c);
  await throttle(db, [{ key: `invitation:sender:${inviter.id}`, max: INVITATIONS_PER_SENDER, windowSeconds: HOUR }]);
  // At least 128 bits: randomToken draws 32 bytes; only the hash is stored.
  const secret = randomToken();
  const invitation = await insertInvitation(db, {
    collectionId: collection.id,
    email: address.data,
    role,
    inviterId: inviter.id,
    secretHash: await sha256Hex(secret),
  });
  const sender = await findUserById(db, inviter.id);
  c.executionCtx.waitUntil(
    sendInvitationEmail(c.env, c.get('locale'), { to: address.data, secret, collectionName: collection.name, inviter: sender! }).catch(
      (error: unknown) => console.error('invitation email failed', c.get('requestId'), String(error)),
    ),
  );
  return invitation;
}

async function throttleLinkUse(c: Context<AppEnv>) {
  const key = `invitation:address:${clientAddress(c.req.raw.headers)}`;
  await throttle(c.get('db'), [{ key, max: LINK_USES_PER_ADDRESS, windowSeconds: HOUR / 4 }]);
}

async function usableInvitation(c: Context<AppEnv>, secretHash: string) {
  const found = (await invitationsAllowed(c)) ? await findUsableInvitation(c.get('db'), secretHash) : undefined;
  if (!found) throw new ApiError('INVITATION_INVALID');
  return found;
}

/** What the link's page shows: who invites whom to which collection. */
export async function viewInvitation(c: Context<AppEnv>, secret: string): Promise<InvitationView> {
  await throttleLinkUse(c);
  const found = await usableInvitation(c, await sha256Hex(secret));
  return {
    collectionName: found.collectionName,
    inviterName: greetingName(c.get('locale'), found.inviter),
    role: found.role,
    email: found.email,
  };
}

/** Creates the account with the invited address, makes it a member with the invited role, and signs it in. */
export async function acceptInvitation(c: Context<AppEnv>, secret: string, input: AcceptInvitationInput): Promise<InvitationAccepted> {
  await throttleLinkUse(c);
  if (input.password !== input.confirmation) {
    throw new ApiError('PASSWORDS_NOT_EQUAL', { fields: [{ path: 'confirmation', reason: 'not_equal', message: '' }] });
  }
  const secretHash = await sha256Hex(secret);
  const invitation = await usableInvitation(c, secretHash);
  // Checked first so that a taken name leaves the link usable; the unique indexes still guard a race.
  await assertNoConflicts(c.get('db'), { username: input.username, email: invitation.email });
  const accepted = await acceptInvitationRows(c.get('d1'), secretHash, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    locale: c.get('locale'),
  });
  if (!accepted) throw new ApiError('INVITATION_INVALID');
  const sessionId = randomToken();
  await c
    .get('db')
    .insert(sessions)
    .values({ id: sessionId, userId: accepted.userId, expiresAt: sqlNowPlus(SESSION_DAYS * 86_400) });
  const token = await signSessionToken(c.env.APP_SECRET, {
    userId: accepted.userId,
    sessionId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return { token, user: { id: accepted.userId, username: input.username, readOnly: false }, collectionId: accepted.collectionId };
}
