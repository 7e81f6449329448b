// Invitation rows (docs/product.md "Sharing"): written, listed and revoked by the collection's owner or
// co-owners, read and spent by whoever holds the link. A link is usable while unused, unrevoked and unexpired
// by the database's clock, and while its sender may still share the collection (a co-owner removed or
// made editor takes their pending invitations with them); the administrator's setting is checked by the callers.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '@shared/catalogue';
import { INVITATION_DAYS, type Invitation } from '@shared/schemas/invitations';
import { NOW_SQL, sqlNow, sqlNowPlus } from '@worker/db/now';
import { collectionInvitations, collections, users } from '@worker/db/schema';
import type { Db } from '@worker/env';

/** The invitation `t` (a table name or alias) was sent by the collection's owner or one of its co-owners now. */
const inviterMayShare = (t: string) =>
  `(EXISTS (SELECT 1 FROM collections c WHERE c.id = ${t}.collection_id AND c.owner_id = ${t}.inviter_id)
    OR EXISTS (SELECT 1 FROM collection_members m WHERE m.collection_id = ${t}.collection_id AND m.user_id = ${t}.inviter_id AND m.role = 'co_owner'))`;

const pending = and(
  isNull(collectionInvitations.usedAt),
  isNull(collectionInvitations.revokedAt),
  gt(collectionInvitations.expiresAt, sqlNow),
  sql.raw(inviterMayShare('collection_invitations')),
);

/** A new invitation replaces the pending ones to the same address for the same collection. */
export async function insertInvitation(
  db: Db,
  values: { collectionId: number; email: string; role: MemberRole; inviterId: number; secretHash: string },
): Promise<Invitation> {
  const [, [row]] = await db.batch([
    db
      .update(collectionInvitations)
      .set({ revokedAt: sqlNow })
      .where(and(eq(collectionInvitations.collectionId, values.collectionId), eq(collectionInvitations.email, values.email), pending)),
    db
      .insert(collectionInvitations)
      .values({ ...values, expiresAt: sqlNowPlus(INVITATION_DAYS * 86_400) })
      .returning(),
  ]);
  return toInvitation(row!);
}

function toInvitation(row: typeof collectionInvitations.$inferSelect): Invitation {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

export async function listPendingInvitations(db: Db, collectionId: number): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(collectionInvitations)
    .where(and(eq(collectionInvitations.collectionId, collectionId), pending))
    .orderBy(desc(collectionInvitations.id));
  return rows.map(toInvitation);
}

/** True when a pending invitation of the collection was revoked. */
export async function revokeInvitation(db: Db, collectionId: number, id: number): Promise<boolean> {
  const revoked = await db
    .update(collectionInvitations)
    .set({ revokedAt: sqlNow })
    .where(and(eq(collectionInvitations.id, id), eq(collectionInvitations.collectionId, collectionId), pending))
    .returning({ id: collectionInvitations.id });
  return revoked.length > 0;
}

/** A usable invitation by its secret's hash, with what its page shows. */
export async function findUsableInvitation(db: Db, secretHash: string) {
  const [row] = await db
    .select({
      collectionId: collectionInvitations.collectionId,
      collectionName: collections.name,
      email: collectionInvitations.email,
      role: collectionInvitations.role,
      inviter: { username: users.username, firstName: users.firstName, lastName: users.lastName },
    })
    .from(collectionInvitations)
    .innerJoin(collections, eq(collections.id, collectionInvitations.collectionId))
    .innerJoin(users, eq(users.id, collectionInvitations.inviterId))
    .where(and(eq(collectionInvitations.secretHash, secretHash), pending))
    .limit(1);
  return row;
}

const USABLE_SQL = `secret_hash = ?1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${NOW_SQL}`;

/**
 * Spends the invitation, creates the account and its membership in one transaction: each statement
 * holds only while the link is usable, so a second use (even at the same moment) creates nothing.
 * Answers the new user's id, or null when the link was not usable.
 */
export async function acceptInvitationRows(
  d1: D1Database,
  secretHash: string,
  account: { username: string; passwordHash: string; locale: string },
): Promise<{ userId: number; collectionId: number } | null> {
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO users (username, email, password_hash, locale)
         SELECT ?2, email, ?3, ?4 FROM collection_invitations WHERE ${USABLE_SQL} AND ${inviterMayShare('collection_invitations')}`,
      )
      .bind(secretHash, account.username, account.passwordHash, account.locale),
    d1
      .prepare(
        `INSERT INTO collection_members (collection_id, user_id, role)
         SELECT i.collection_id, u.id, i.role FROM collection_invitations i JOIN users u ON lower(u.username) = lower(?2)
         WHERE i.${USABLE_SQL.replaceAll(' AND ', ' AND i.')} AND ${inviterMayShare('i')}`,
      )
      .bind(secretHash, account.username),
    d1
      .prepare(
        `UPDATE collection_invitations SET used_at = ${NOW_SQL} WHERE ${USABLE_SQL} AND ${inviterMayShare('collection_invitations')}
         RETURNING collection_id, (SELECT id FROM users WHERE lower(username) = lower(?2)) AS user_id`,
      )
      .bind(secretHash, account.username),
  ]);
  const spent = results[2]!.results[0] as { collection_id: number; user_id: number } | undefined;
  return spent ? { userId: spent.user_id, collectionId: spent.collection_id } : null;
}
