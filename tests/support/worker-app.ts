// Helpers for the workerd suite: requests go through createApp() with the real D1 and R2 bindings.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { TokenResponse } from '@shared/schemas/auth';
import type { User } from '@shared/schemas/users';
import { createApp } from '@worker/app';
import type { Env } from '@worker/env';

const app = createApp();

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  env?: Partial<Env>;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.lang) headers.set('Content-Language', options.lang);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const ctx = createExecutionContext();
  const response = await app.request(path, { method: options.method ?? 'GET', headers, body }, { ...env, ...options.env }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export const ADMIN = { login: 'admin', password: env.ADMIN_PASSWORD! };

export async function signIn(login: string, password: string, options: CallOptions = {}): Promise<string> {
  const res = await call('/api/v1/token', { ...options, method: 'POST', json: { login, password } });
  if (res.status !== 200) throw new Error(`sign in as ${login} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as TokenResponse).token;
}

let serial = 0;
/**
 * The administrator's token that createUser uses, signed in once (a sign-in derives the password's hash,
 * the dearest part of the call); signed in again when a test, or a file's emptied database, has ended it.
 */
let adminToken: string | undefined;

/** Creates a user through the admin API and signs them in. */
export async function createUser(
  overrides: Partial<{ username: string; password: string; email: string; enabled: boolean }> = {},
): Promise<{ user: User; token: string; password: string }> {
  serial += 1;
  const password = overrides.password ?? `password-${serial}-secret`;
  const username = overrides.username ?? `user${serial}_${crypto.randomUUID().slice(0, 6)}`;
  const create = (token: string) =>
    call('/api/v1/users', {
      method: 'POST',
      token,
      json: { username, password, email: overrides.email ?? `${username}@example.test`, enabled: overrides.enabled ?? true },
    });
  adminToken ??= await signIn(ADMIN.login, ADMIN.password);
  let res = await create(adminToken);
  if (res.status === 401 || res.status === 403) {
    adminToken = await signIn(ADMIN.login, ADMIN.password);
    res = await create(adminToken);
  }
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as User;
  const token = user.enabled ? await signIn(username, password) : '';
  return { user, token, password };
}

export async function errorCode(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { code: string } };
  return body.error.code;
}

/** Messages the fake Resend server captured for one recipient. */
export async function capturedEmails(to: string) {
  const res = await fetch(`${env.RESEND_BASE_URL}/__messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string; html: string; to: string[]; authorization?: string }[];
}

/** A valid 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

export function imageForm(bytes: Uint8Array, name = 'avatar.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  return form;
}
