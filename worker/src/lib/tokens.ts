// Bearer tokens: a jose-signed JWT naming a session row. The signature keeps forgeries out without a
// query; the session row makes sign-out, password changes and disabling a user revoke tokens for real.
import { jwtVerify, SignJWT } from 'jose';
import { MEDIA_TICKET_SECONDS } from '@shared/constants';
import { ApiError } from './api-error';

export const SESSION_DAYS = 30;
const ISSUER = 'vitrine';
const encoder = new TextEncoder();

function secretKey(secret: string | undefined): Uint8Array {
  if (!secret || secret.length < 32) {
    // A deployment without a proper secret must not hand out tokens anyone could forge.
    throw new Error('APP_SECRET is missing or shorter than 32 characters');
  }
  return encoder.encode(secret);
}

export async function signSessionToken(
  secret: string | undefined,
  claims: { userId: number; sessionId: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(secretKey(secret));
}

export async function verifySessionToken(secret: string | undefined, token: string): Promise<{ userId: number; sessionId: string }> {
  const key = secretKey(secret);
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    // A media ticket carries a session id too, but travels in URLs: it must never pass for a bearer token.
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.use !== undefined) throw new Error('claims');
    return { userId, sessionId: payload.sid };
  } catch {
    throw new ApiError('UNAUTHENTICATED');
  }
}

/** URL-safe random text for session ids and reset tokens. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = '';
  for (const b of raw) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Images and downloads are fetched by the browser without the bearer header, so signed-in users get a
 * short-lived, read-only media ticket to add to /media addresses (?t=…). It names the user and the
 * session it was given to, so it dies with that session (sign-out, password change, disabling); it
 * cannot call the API.
 */
export async function signMediaTicket(
  secret: string | undefined,
  claims: { userId: number; sessionId: string },
): Promise<{ ticket: string; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + MEDIA_TICKET_SECONDS * 1000);
  const ticket = await new SignJWT({ use: 'media', sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setExpirationTime(expiresAt)
    .sign(secretKey(secret));
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export async function verifyMediaTicket(secret: string | undefined, ticket: string): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(ticket, secretKey(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const valid = payload.use === 'media' && Number.isInteger(userId) && typeof payload.sid === 'string';
    return valid ? { userId, sessionId: payload.sid as string } : null;
  } catch {
    return null;
  }
}
