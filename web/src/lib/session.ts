// The browser session (docs/product.md §3, §4): signed in means a token is stored.
import { STORAGE_KEYS } from '@shared/constants';
import type { TokenResponse } from '@shared/schemas/auth';
import { isApiError } from './api-client';
import { readStorage, removeStorage, writeStorage } from './storage';

export interface Session {
  token: string;
  userId: number | null;
  username: string;
  readOnly: boolean;
}

const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.username, STORAGE_KEYS.readOnly];

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  const raw = SESSION_KEYS.map((key) => readStorage(key) ?? '').join('\u0000');
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) {
    cachedSession = null;
  } else {
    const userId = Number(readStorage(STORAGE_KEYS.userId));
    cachedSession = {
      token,
      userId: Number.isInteger(userId) && userId > 0 ? userId : null,
      username: readStorage(STORAGE_KEYS.username) ?? '',
      readOnly: readStorage(STORAGE_KEYS.readOnly) === 'true',
    };
  }
  return cachedSession;
}

// "You were signed out": set when the server revoked the stored session, until the next sign-in or
// until the person dismisses it. Kept in memory: a reload starts afresh, signed out.
let signedOut = false;
const noticeListeners = new Set<() => void>();

export function markSignedOut(value: boolean): void {
  if (signedOut === value) return;
  signedOut = value;
  for (const listener of noticeListeners) listener();
}

export function wasSignedOut(): boolean {
  return signedOut;
}

export function subscribeSignedOut(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

export function saveSession({ token, user }: TokenResponse): void {
  markSignedOut(false);
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.userId, String(user.id));
  writeStorage(STORAGE_KEYS.username, user.username);
  writeStorage(STORAGE_KEYS.readOnly, user.readOnly ? 'true' : 'false');
  notify();
}

/** Forgets the session; the language choice stays. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) removeStorage(key);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (SESSION_KEYS as string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A 401 UNAUTHENTICATED: the token sent was revoked or expired (when one was sent). */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

/** A 401 while a token is stored: the server revoked or expired the session. */
export function isSessionRevoked(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHENTICATED' && getSession() !== null;
}
