// The clients that signed in to an account before. A crowd guessing one account's password from many
// new addresses sets off the account-wide slowing (auth.service.ts); the owner, signing in from an
// address or a device that signed in before, is not slowed by it, so the crowd cannot lock them out.
// A device is a random value in an HttpOnly cookie scoped to the sign-in path, kept as its SHA-256.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { knownClients } from '@worker/db/schema';
import type { Db } from '@worker/env';
import { randomToken } from '@worker/lib/tokens';

export const DEVICE_COOKIE = 'vitrine_device';
/** A client that has not signed in for this long is a stranger again. */
export const KNOWN_FOR_SECONDS = 180 * 86_400;
const DEVICE_VALUE = /^[A-Za-z0-9_-]{32,64}$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SignInClient {
  /** The keys this request may be known by: its address, and its device when it sent a cookie. */
  keys: string[];
  /** The device cookie's value, or null when the request carried none (a new one is given on success). */
  device: string | null;
}

export async function signInClientOf(c: Context, address: string): Promise<SignInClient> {
  const cookie = getCookie(c, DEVICE_COOKIE);
  const device = cookie && DEVICE_VALUE.test(cookie) ? cookie : null;
  const keys = [`address:${address}`];
  if (device) keys.push(`device:${await sha256Hex(device)}`);
  return { keys, device };
}

/** Whether any of the client's keys signed in to the account within KNOWN_FOR_SECONDS. */
export async function isKnownClient(db: Db, userId: number, client: SignInClient): Promise<boolean> {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(knownClients)
    .where(
      and(
        eq(knownClients.userId, userId),
        inArray(knownClients.client, client.keys),
        sql`${knownClients.lastSignIn} > ${nowSeconds() - KNOWN_FOR_SECONDS}`,
      ),
    )
    .limit(1);
  return row.length > 0;
}

/**
 * Statements that remember the client after a successful sign-in (for the sign-in's batch), and the
 * device value to set in the cookie: the one it sent, or a new one.
 */
export async function rememberClient(db: Db, userId: number, client: SignInClient) {
  const device = client.device ?? randomToken();
  const keys = client.device ? client.keys : [...client.keys, `device:${await sha256Hex(device)}`];
  const now = nowSeconds();
  const statements = keys.map((key) =>
    db
      .insert(knownClients)
      .values({ userId, client: key, lastSignIn: now })
      .onConflictDoUpdate({ target: [knownClients.userId, knownClients.client], set: { lastSignIn: now } }),
  );
  return { statements, device };
}

/** Sets the device cookie: only the sign-in path receives it, never a script. */
export function setDeviceCookie(c: Context, device: string) {
  setCookie(c, DEVICE_COOKIE, device, {
    path: '/api/v1/token',
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: KNOWN_FOR_SECONDS,
  });
}
