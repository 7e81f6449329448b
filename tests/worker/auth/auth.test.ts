import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN, call, createUser, errorCode, signIn } from '../../support/worker-app';

const signInFrom = (address: string, login: string, password: string) =>
  call('/api/v1/token', { method: 'POST', headers: { 'cf-connecting-ip': address }, json: { login, password } });

describe('POST /api/v1/token (sign in)', () => {
  it('signs the built-in admin in by username and answers the token and the user', async () => {
    const res = await call('/api/v1/token', { method: 'POST', json: { login: 'admin', password: ADMIN.password } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: { id: number; username: string; readOnly: boolean } };
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toEqual({ id: expect.any(Number), username: 'admin', readOnly: false });
  });

  it('accepts an email address, and usernames in any case', async () => {
    const { user, password } = await createUser();
    await expect(signIn(user.email!, password)).resolves.toBeTruthy();
    await expect(signIn(user.username.toUpperCase(), password)).resolves.toBeTruthy();
  });

  it('refuses a wrong password or an unknown account with 401 LOGIN_FAILED, localized', async () => {
    const wrong = await call('/api/v1/token', { method: 'POST', json: { login: 'admin', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'LOGIN_FAILED', message: 'Login failed!' } });
    const unknown = await call('/api/v1/token', {
      method: 'POST',
      lang: 'fr_FR',
      json: { login: 'nobody-here', password: 'whatever1' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { code: 'LOGIN_FAILED', message: 'Échec de la connexion !' } });
  });

  it('answers 400 with field details for invalid input, and for malformed JSON', async () => {
    const res = await call('/api/v1/token', { method: 'POST', json: { login: '' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: { path: string; reason: string }[] } } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields.map((f) => f.path).sort()).toEqual(['login', 'password']);
    const malformed = await call('/api/v1/token', {
      method: 'POST',
      body: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await errorCode(malformed)).toBe('INVALID_JSON');
  });

  it('answers a disabled account LOGIN_FAILED whatever the password, so a guess cannot be confirmed', async () => {
    const { user, password } = await createUser({ enabled: false });
    const right = await call('/api/v1/token', { method: 'POST', json: { login: user.username, password } });
    const wrong = await call('/api/v1/token', { method: 'POST', json: { login: user.username, password: 'wrong-password' } });
    expect(right.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await right.json()).toEqual(await wrong.json());
  });

  it('locks an account for the address that failed five times, with 429 and Retry-After', async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 5; i += 1) {
      const res = await call('/api/v1/token', { method: 'POST', json: { login: user.username, password: 'wrong-password' } });
      expect(res.status).toBe(401);
    }
    const blocked = await call('/api/v1/token', { method: 'POST', json: { login: user.username, password } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorCode(blocked)).toBe('TOO_MANY_REQUESTS');
    // Other accounts are not affected by one account's lock.
    await expect(signIn(ADMIN.login, ADMIN.password)).resolves.toBeTruthy();
  });

  it('does not lock the owner out from another address: the admin name is public', async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 6; i += 1) await signInFrom('198.51.100.66', user.username, 'wrong-password');
    expect((await signInFrom('198.51.100.66', user.username, password)).status).toBe(429);
    expect((await signInFrom('198.51.100.67', user.username, password)).status).toBe(200);
  });

  it('counts each attempt before checking the password, so parallel guesses cannot pass the limit', async () => {
    const { user } = await createUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signInFrom('198.51.100.20', user.username, 'wrong-password')));
    const statuses = answers.map((r) => r.status);
    // Only attempts that reached the password check answer 401.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('slows an account attacked from many addresses with a short, growing Retry-After, without locking it', async () => {
    const { user, password } = await createUser();
    const from = (i: number) => `203.0.113.${100 + i}`;
    for (let i = 0; i < 11; i += 1) expect((await signInFrom(from(i), user.username, 'wrong-password')).status).toBe(401);
    const slowed = await signInFrom(from(11), user.username, 'wrong-password');
    expect(slowed.status).toBe(429);
    const firstWait = Number(slowed.headers.get('retry-after'));
    const rightButEarly = await signInFrom(from(12), user.username, password);
    expect(rightButEarly.status).toBe(429);
    const secondWait = Number(rightButEarly.headers.get('retry-after'));
    expect(secondWait).toBeGreaterThan(firstWait);
    expect(secondWait).toBeLessThanOrEqual(60);
    // A minute later the right password from a new address gets in.
    await env.DB.prepare('UPDATE rate_limits SET window_start = window_start - 60 WHERE key = ?')
      .bind(`login:account:user:${user.id}:turn`)
      .run();
    expect((await signInFrom(from(13), user.username, password)).status).toBe(200);
  });

  it('lets one attempt at a time through once an account is being slowed, even in parallel', async () => {
    const { user } = await createUser();
    for (let i = 0; i < 10; i += 1) await signInFrom(`192.0.2.${10 + i}`, user.username, 'wrong-password');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInFrom(`192.0.2.${50 + i}`, user.username, 'wrong-password')),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('counts IPv6 clients by their /64', async () => {
    const { user, password } = await createUser();
    for (let i = 1; i <= 5; i += 1) await signInFrom(`2001:db8:1:2::${i}`, user.username, 'wrong-password');
    expect((await signInFrom('2001:0db8:0001:0002:ffff:0:0:9', user.username, password)).status).toBe(429);
    expect((await signInFrom('2001:db8:1:3::1', user.username, password)).status).toBe(200);
  });

  it('throttles attempts per client address', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.7' };
    for (let i = 0; i < 30; i += 1) {
      await call('/api/v1/token', { method: 'POST', headers, json: { login: `ghost${i}`, password: 'wrong-password' } });
    }
    const blocked = await call('/api/v1/token', { method: 'POST', headers, json: { login: 'admin', password: ADMIN.password } });
    expect(blocked.status).toBe(429);
    const elsewhere = await call('/api/v1/token', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '203.0.113.8' },
      json: { login: 'admin', password: ADMIN.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('marks sessions read-only in demo mode and still lets people sign in', async () => {
    const res = await call('/api/v1/token', {
      method: 'POST',
      env: { DEMO_MODE: 'true' },
      json: { login: 'demo', password: 'demo' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { username: 'demo', readOnly: true } });
  });
});

describe('DELETE /api/v1/token (sign out)', () => {
  it('revokes the session server-side', async () => {
    const token = await signIn(ADMIN.login, ADMIN.password);
    expect((await call('/api/v1/profile', { token })).status).toBe(200);
    const res = await call('/api/v1/token', { method: 'DELETE', token });
    expect(res.status).toBe(204);
    const after = await call('/api/v1/profile', { token });
    expect(after.status).toBe(401);
    expect(await errorCode(after)).toBe('UNAUTHENTICATED');
  });

  it('leaves the user’s other sessions alone', async () => {
    const one = await signIn(ADMIN.login, ADMIN.password);
    const two = await signIn(ADMIN.login, ADMIN.password);
    await call('/api/v1/token', { method: 'DELETE', token: one });
    expect((await call('/api/v1/profile', { token: two })).status).toBe(200);
  });

  it('answers 401 to anonymous callers and to forged or garbled tokens', async () => {
    expect((await call('/api/v1/token', { method: 'DELETE' })).status).toBe(401);
    expect((await call('/api/v1/token', { method: 'DELETE', token: 'not-a-jwt' })).status).toBe(401);
    const token = await signIn(ADMIN.login, ADMIN.password);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await call('/api/v1/profile', { token: forged })).status).toBe(401);
  });

  it('works in demo mode', async () => {
    const token = await signIn('demo', 'demo', { env: { DEMO_MODE: 'true' } });
    const res = await call('/api/v1/token', { method: 'DELETE', token, env: { DEMO_MODE: 'true' } });
    expect(res.status).toBe(204);
  });

  it('stops tokens of a user who is disabled afterwards', async () => {
    const { user, token } = await createUser();
    const admin = await signIn(ADMIN.login, ADMIN.password);
    await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token: admin, json: { enabled: false } });
    expect((await call('/api/v1/profile', { token })).status).toBe(401);
  });

  it('stops expired sessions', async () => {
    const { user, token } = await createUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    expect((await call('/api/v1/profile', { token })).status).toBe(401);
  });
});
