import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/users';
import { ADMIN, call, createUser, errorCode, imageForm, PNG_BYTES, signIn } from '../../support/worker-app';

const admin = () => signIn(ADMIN.login, ADMIN.password);

describe('the built-in administrator account', () => {
  it('exists on first start with ADMIN_PASSWORD, flagged administrator', async () => {
    const token = await admin();
    const res = await call('/api/v1/profile', { token });
    expect(await res.json()).toMatchObject({ username: 'admin', isAdmin: true, builtinAdmin: true, enabled: true });
  });
});

describe('/api/v1/users (administration)', () => {
  it('lists, creates, reads and updates users', async () => {
    const token = await admin();
    const created = await call('/api/v1/users', {
      method: 'POST',
      token,
      json: { username: 'Marie', password: 'marie-password', email: 'marie@example.test', firstName: 'Marie', isAdmin: true },
    });
    expect(created.status).toBe(201);
    const marie = (await created.json()) as User;
    expect(marie).toMatchObject({ username: 'Marie', isAdmin: true, enabled: true, builtinAdmin: false, lastName: null });

    const list = (await (await call('/api/v1/users', { token })).json()) as { users: User[] };
    expect(list.users.map((u) => u.username)).toEqual(['admin', 'Marie']);
    expect((await call(`/api/v1/users/${marie.id}`, { token })).status).toBe(200);

    const updated = await call(`/api/v1/users/${marie.id}`, {
      method: 'PATCH',
      token,
      json: { lastName: 'Curie', password: '', isAdmin: false },
    });
    expect(await updated.json()).toMatchObject({ lastName: 'Curie', isAdmin: false });
    // An empty password keeps the old one.
    await expect(signIn('marie', 'marie-password')).resolves.toBeTruthy();

    await call(`/api/v1/users/${marie.id}`, { method: 'PATCH', token, json: { password: 'changed-by-admin' } });
    await expect(signIn('marie', 'changed-by-admin')).resolves.toBeTruthy();
  });

  it('refuses duplicate usernames (any case) and emails with 409', async () => {
    const token = await admin();
    const { user } = await createUser();
    const dupName = await call('/api/v1/users', {
      method: 'POST',
      token,
      json: { username: user.username.toUpperCase(), password: 'long-enough-1' },
    });
    expect(dupName.status).toBe(409);
    expect(await errorCode(dupName)).toBe('USERNAME_TAKEN');
    const dupEmail = await call('/api/v1/users', {
      method: 'POST',
      token,
      json: { username: 'someone-else', password: 'long-enough-1', email: user.email },
    });
    expect(await errorCode(dupEmail)).toBe('EMAIL_TAKEN');
    const renameToAdmin = await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token, json: { username: 'ADMIN' } });
    expect(renameToAdmin.status).toBe(409);
  });

  it('validates input with field details', async () => {
    const token = await admin();
    const res = await call('/api/v1/users', {
      method: 'POST',
      token,
      lang: 'fr_FR',
      json: { username: 'a b', password: 'short', email: 'nope', isAdmin: 'yes' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: { path: string; message: string }[] } } };
    expect(body.error.details.fields.map((f) => f.path).sort()).toEqual(['email', 'isAdmin', 'password', 'username']);
    expect(body.error.details.fields.find((f) => f.path === 'password')!.message).toBe('Utilisez au moins 8 caractères.');
    expect((await call('/api/v1/users/abc', { token })).status).toBe(400);
    expect((await call('/api/v1/users/99999', { token })).status).toBe(404);
  });

  it('protects the administrator from deleting, disabling or renaming itself', async () => {
    const token = await admin();
    const me = (await (await call('/api/v1/profile', { token })).json()) as User;
    for (const [method, json] of [
      ['DELETE', undefined],
      ['PATCH', { enabled: false }],
      ['PATCH', { username: 'root' }],
    ] as const) {
      const res = await call(`/api/v1/users/${me.id}`, { method, token, json });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('CANNOT_CHANGE_SELF');
    }
    const fine = await call(`/api/v1/users/${me.id}`, { method: 'PATCH', token, json: { firstName: 'Root' } });
    expect(fine.status).toBe(200);
  });

  it('sends the administrator to My profile for its own password and email, which need the current password', async () => {
    const token = await admin();
    const me = (await (await call('/api/v1/profile', { token })).json()) as User;
    for (const json of [{ password: 'taken-over-pass' }, { email: 'attacker@example.test' }]) {
      const res = await call(`/api/v1/users/${me.id}`, { method: 'PATCH', token, json });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('CHANGE_IN_PROFILE');
    }
    // The Configuration form sends the unchanged address along with other fields.
    const same = await call(`/api/v1/users/${me.id}`, { method: 'PATCH', token, json: { email: me.email ?? '', lastName: 'Root' } });
    expect(same.status).toBe(200);
    await expect(signIn(ADMIN.login, ADMIN.password)).resolves.toBeTruthy();
  });

  it('lets the administrator change another user’s email address directly', async () => {
    const token = await admin();
    const { user } = await createUser();
    const res = await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token, json: { email: 'direct@example.test' } });
    expect(await res.json()).toMatchObject({ email: 'direct@example.test' });
  });

  it('deletes a user with their sessions and collections, after saying how many collections go', async () => {
    const token = await admin();
    const { user, token: userToken } = await createUser();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO collections (owner_id, name) VALUES (?, ?)').bind(user.id, 'Books'),
      env.DB.prepare('INSERT INTO collections (owner_id, name) VALUES (?, ?)').bind(user.id, 'Games'),
    ]);
    const info = await call(`/api/v1/users/${user.id}/deletion`, { token });
    expect(await info.json()).toEqual({ collectionCount: 2 });
    const avatar = (await (
      await call(`/api/v1/users/${user.id}/avatar`, { method: 'PUT', token, body: imageForm(PNG_BYTES) })
    ).json()) as User;
    expect(avatar.avatar).toMatch(/^media:\/\//);

    const res = await call(`/api/v1/users/${user.id}`, { method: 'DELETE', token });
    expect(res.status).toBe(204);
    expect((await call(`/api/v1/users/${user.id}`, { token })).status).toBe(404);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM collections WHERE owner_id = ?').bind(user.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await call('/api/v1/profile', { token: userToken })).status).toBe(401);
    expect(await env.MEDIA.head(avatar.avatar!.slice('media://'.length))).toBeNull();
  });

  it('answers 401 to anonymous callers and 403 to other users, even administrators', async () => {
    const { user, token } = await createUser();
    const paths: [string, string][] = [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users'],
      ['GET', `/api/v1/users/${user.id}`],
      ['PATCH', `/api/v1/users/${user.id}`],
      ['DELETE', `/api/v1/users/${user.id}`],
      ['GET', `/api/v1/users/${user.id}/deletion`],
      ['DELETE', `/api/v1/users/${user.id}/avatar`],
    ];
    const adminToken = await admin();
    await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token: adminToken, json: { isAdmin: true } });
    for (const [method, path] of paths) {
      expect((await call(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} })).status).toBe(401);
      const forbidden = await call(path, { method, token, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(forbidden.status).toBe(403);
      expect(await errorCode(forbidden)).toBe('FORBIDDEN');
    }
  });

  it('is read-only in demo mode', async () => {
    const token = await admin();
    const { user } = await createUser();
    const demo = { DEMO_MODE: 'true' };
    expect((await call('/api/v1/users', { token, env: demo })).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/v1/users', { username: 'zed', password: 'long-enough-1' }],
      ['PATCH', `/api/v1/users/${user.id}`, { firstName: 'x' }],
      ['DELETE', `/api/v1/users/${user.id}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      const res = await call(path, { method, token, json, env: demo });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('DEMO_MODE');
    }
    expect((await call(`/api/v1/users/${user.id}`, { token })).status).toBe(200);
  });
});
