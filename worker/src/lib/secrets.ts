// Secrets the administrator saves (an email provider's key, an SMTP password, a source's key) are kept
// encrypted in D1: AES-GCM with a key derived from the APP_SECRET secret by HKDF, a fresh nonce each
// time. A database copy (a backup, a leaked dump) then holds nothing usable without the deployment's
// secret. What goes back to the browser is only whether a secret is set and its last characters.
import type { Env } from '../env';

/** A secret as stored: nonce and cipher text in base64, and the last characters it may show. */
export interface SealedSecret {
  iv: string;
  data: string;
  ending: string | null;
}

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(appSecret: string | undefined): Promise<CryptoKey> {
  // Signing tokens needs it too (lib/tokens.ts): an instance without it cannot sign anyone in either.
  if (!appSecret) return Promise.reject(new Error('APP_SECRET is not set'));
  let key = keys.get(appSecret);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(appSecret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('vitrine secrets'), info: encoder.encode('settings v1') },
          base,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      );
    keys.set(appSecret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The last four characters of a secret long enough that they say nothing about the rest. */
export function secretEnding(secret: string): string | null {
  return secret.length >= 12 ? secret.slice(-4) : null;
}

export async function sealSecret(env: Pick<Env, 'APP_SECRET'>, secret: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyOf(env.APP_SECRET), encoder.encode(secret)));
  return { iv: toBase64(iv), data: toBase64(data), ending: secretEnding(secret) };
}

/** The secret, or null when it cannot be opened (APP_SECRET changed since it was saved, or damaged). */
export async function openSecret(env: Pick<Env, 'APP_SECRET'>, sealed: SealedSecret | null | undefined): Promise<string | null> {
  if (!sealed || typeof sealed.iv !== 'string' || typeof sealed.data !== 'string') return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      await keyOf(env.APP_SECRET),
      fromBase64(sealed.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
