// One clock for stored timestamps: the database's. These tests move JavaScript's clock far away; code
// that stamped or compared rows with it would disagree with the rows' defaults.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/schemas/users';
import { signSessionToken } from '@worker/lib/tokens';
import { ADMIN, call, createUser, signIn } from '../../support/worker-app';

const IN_2000 = new Date('2000-06-01T00:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('the database clock', () => {
  it('decides whether a session has expired', async () => {
    const { user } = await createUser();
    // Expired for the database, still valid for a Worker whose clock says 2000.
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('ended-2001', ?, '2001-01-01T00:00:00.000Z')")
      .bind(user.id)
      .run();
    const token = await signSessionToken(env.APP_SECRET, { userId: user.id, sessionId: 'ended-2001', expiresAt: new Date('2999-01-01') });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(IN_2000);
    expect((await call('/api/v1/profile', { token })).status).toBe(401);
  });

  it('stamps changes to users', async () => {
    const { user } = await createUser();
    const adminToken = await signIn(ADMIN.login, ADMIN.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(IN_2000);
    const res = await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token: adminToken, json: { firstName: 'Ada' } });
    const updated = (await res.json()) as User;
    expect(updated.updatedAt >= user.createdAt).toBe(true);
    vi.useRealTimers();
    const database = await env.DB.prepare("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now").first<{ now: string }>();
    expect(updated.updatedAt <= database!.now).toBe(true);
  });

  it('sets the expiry of sessions and of reset links', async () => {
    const { user, password } = await createUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(IN_2000);
    await call('/api/v1/password-reset', { method: 'POST', json: { login: user.username } });
    // The token itself is signed with the Worker's clock (it is never compared with rows); the row is
    // what counts, and the database dates it.
    await signIn(user.username, password);
    vi.useRealTimers();
    const database = await env.DB.prepare("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now").first<{ now: string }>();
    const rows = await env.DB.prepare(
      'SELECT expires_at FROM sessions WHERE user_id = ?1 UNION ALL SELECT expires_at FROM password_resets WHERE user_id = ?1',
    )
      .bind(user.id)
      .all<{ expires_at: string }>();
    expect(rows.results.length).toBeGreaterThanOrEqual(2);
    for (const row of rows.results) expect(row.expires_at > database!.now).toBe(true);
  });
});
