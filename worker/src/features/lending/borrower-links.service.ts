// The secrets of a borrower's page and calendar feed, and of an owner's feed. Each secret is
// HMAC-SHA256(APP_SECRET, a random nonce) in base64url (256 bits): the database keeps the nonce and the
// secret's SHA-256, so every loan email can carry the same link again, yet a copy of the database alone
// opens nothing. Resetting draws a new nonce: the old secret stops working at once.
import { BORROWER_LINK_DAYS } from '@shared/lending';
import type { Env } from '@worker/env';
import { randomToken, sha256Hex } from '@worker/lib/tokens';

const encoder = new TextEncoder();

async function secretOf(env: Pick<Env, 'APP_SECRET'>, purpose: string, nonce: string): Promise<string> {
  if (!env.APP_SECRET || env.APP_SECRET.length < 32) throw new Error('APP_SECRET is missing or shorter than 32 characters');
  const key = await crypto.subtle.importKey('raw', encoder.encode(env.APP_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${purpose}:${nonce}`)));
  let binary = '';
  for (const b of mac) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** A fresh nonce with its secret and the secret's hash, for a purpose (page, borrower feed, owner feed). */
async function drawSecret(env: Pick<Env, 'APP_SECRET'>, purpose: string) {
  const nonce = randomToken();
  const secret = await secretOf(env, purpose, nonce);
  return { nonce, secret, hash: await sha256Hex(secret) };
}

export const secretHash = (secret: string) => sha256Hex(secret);
const expiry = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${BORROWER_LINK_DAYS} days')`;

/**
 * The borrower's page secret, made on first use; each call pushes its expiry BORROWER_LINK_DAYS ahead
 * (every loan email calls it). A link that had expired comes back to life only through such an email.
 */
export async function borrowerPageSecret(env: Pick<Env, 'APP_SECRET' | 'DB'>, borrowerId: number): Promise<string> {
  const row = await (await pageSecretStatement(env, borrowerId)).first<{ page_nonce: string }>();
  return secretOf(env, 'borrower-page', row!.page_nonce);
}

async function pageSecretStatement(env: Pick<Env, 'APP_SECRET' | 'DB'>, borrowerId: number) {
  const fresh = await drawSecret(env, 'borrower-page');
  return env.DB.prepare(
    `INSERT INTO borrower_links (borrower_id, page_nonce, page_hash, page_expires_at) VALUES (?, ?, ?, ${expiry})
     ON CONFLICT (borrower_id) DO UPDATE SET page_expires_at = excluded.page_expires_at
     RETURNING borrower_id, page_nonce`,
  ).bind(borrowerId, fresh.nonce, fresh.hash);
}

/**
 * borrowerPageSecret for a page of borrowers (the reminders and hold-offers jobs) in ONE statement, however
 * many they are (their fresh nonces as one JSON parameter): borrower id → secret.
 */
export async function borrowerPageSecrets(env: Pick<Env, 'APP_SECRET' | 'DB'>, borrowerIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(borrowerIds)];
  if (ids.length === 0) return new Map();
  const fresh = await Promise.all(
    ids.map(async (id) => {
      const drawn = await drawSecret(env, 'borrower-page');
      return [id, drawn.nonce, drawn.hash];
    }),
  );
  // (WHERE true: SQLite's upsert after INSERT … SELECT needs it to read ON CONFLICT as the upsert's.)
  const { results: rows } = await env.DB.prepare(
    `INSERT INTO borrower_links (borrower_id, page_nonce, page_hash, page_expires_at)
     SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, ${expiry} FROM json_each(?1) j WHERE true
     ON CONFLICT (borrower_id) DO UPDATE SET page_expires_at = excluded.page_expires_at
     RETURNING borrower_id, page_nonce`,
  )
    .bind(JSON.stringify(fresh))
    .all<{ borrower_id: number; page_nonce: string }>();
  return new Map(
    await Promise.all(rows.map(async (row) => [row.borrower_id, await secretOf(env, 'borrower-page', row.page_nonce)] as const)),
  );
}

/** The borrower whose page this secret opens while it has not expired, or null. */
export async function borrowerOfPageSecret(d1: D1Database, secret: string) {
  return d1
    .prepare(
      `SELECT b.id, b.owner_id, b.name, b.email, k.feed_nonce FROM borrower_links k JOIN borrowers b ON b.id = k.borrower_id
       WHERE k.page_hash = ? AND k.page_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(await sha256Hex(secret))
    .first<{ id: number; owner_id: number; name: string; email: string | null; feed_nonce: string | null }>();
}

/** A new page secret for the borrower; the old one stops working in the same statement. */
export async function resetBorrowerPageSecret(env: Pick<Env, 'APP_SECRET' | 'DB'>, borrowerId: number): Promise<string> {
  const fresh = await drawSecret(env, 'borrower-page');
  await env.DB.prepare(`UPDATE borrower_links SET page_nonce = ?, page_hash = ?, page_expires_at = ${expiry} WHERE borrower_id = ?`)
    .bind(fresh.nonce, fresh.hash, borrowerId)
    .run();
  return fresh.secret;
}

/** The borrower's feed secret from its stored nonce (null before they subscribe). */
export const borrowerFeedSecret = (env: Pick<Env, 'APP_SECRET'>, nonce: string | null) =>
  nonce ? secretOf(env, 'borrower-feed', nonce) : Promise.resolve(null);

/** Subscribing (keep = true keeps an existing secret) or resetting the borrower's feed secret. */
export async function drawBorrowerFeedSecret(env: Pick<Env, 'APP_SECRET' | 'DB'>, borrowerId: number, keep: boolean): Promise<string> {
  const fresh = await drawSecret(env, 'borrower-feed');
  const set = keep ? 'feed_nonce = coalesce(feed_nonce, ?1), feed_hash = coalesce(feed_hash, ?2)' : 'feed_nonce = ?1, feed_hash = ?2';
  const row = await env.DB.prepare(`UPDATE borrower_links SET ${set} WHERE borrower_id = ?3 RETURNING feed_nonce`)
    .bind(fresh.nonce, fresh.hash, borrowerId)
    .first<{ feed_nonce: string }>();
  return secretOf(env, 'borrower-feed', row!.feed_nonce);
}

/** The borrower a feed secret belongs to, or null. Feeds do not expire: calendars poll them for months. */
export async function borrowerOfFeedSecret(d1: D1Database, secret: string) {
  return d1
    .prepare('SELECT b.id, b.owner_id FROM borrower_links k JOIN borrowers b ON b.id = k.borrower_id WHERE k.feed_hash = ?')
    .bind(await sha256Hex(secret))
    .first<{ id: number; owner_id: number }>();
}

/** The owner's feed secret, or null before they made one. */
export async function ownerFeedSecret(env: Pick<Env, 'APP_SECRET' | 'DB'>, userId: number): Promise<string | null> {
  const row = await env.DB.prepare('SELECT feed_nonce FROM owner_lending_preferences WHERE user_id = ?')
    .bind(userId)
    .first<{ feed_nonce: string | null }>();
  return row?.feed_nonce ? secretOf(env, 'owner-feed', row.feed_nonce) : null;
}

/** A new owner feed secret (made, or reset: the old address stops working at once). */
export async function resetOwnerFeedSecret(env: Pick<Env, 'APP_SECRET' | 'DB'>, userId: number): Promise<string> {
  const fresh = await drawSecret(env, 'owner-feed');
  await env.DB.prepare(
    `INSERT INTO owner_lending_preferences (user_id, feed_nonce, feed_hash) VALUES (?1, ?2, ?3)
     ON CONFLICT (user_id) DO UPDATE SET feed_nonce = ?2, feed_hash = ?3`,
  )
    .bind(userId, fresh.nonce, fresh.hash)
    .run();
  return fresh.secret;
}

export async function ownerOfFeedSecret(d1: D1Database, secret: string): Promise<number | null> {
  const row = await d1
    .prepare('SELECT user_id FROM owner_lending_preferences WHERE feed_hash = ?')
    .bind(await sha256Hex(secret))
    .first<{ user_id: number }>();
  return row?.user_id ?? null;
}
