import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { purgeExpired } from '../../worker/src/features/maintenance/maintenance.job';
import { createUser } from '../support/worker-app';

describe('daily purge', () => {
  it('removes expired sessions, spent reset links and finished rate-limit windows, and nothing else', async () => {
    const { user } = await createUser();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('old', ?, '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h1', ?, '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h2', ?, '2999-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES ('old', 3, 0), ('new', 1, ?)").bind(Math.floor(Date.now() / 1000)),
    ]);
    await purgeExpired(env);
    const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;
    expect(await count("SELECT count(*) AS n FROM sessions WHERE id = 'old'")).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE user_id = ${user.id}`)).toBe(1); // its live session
    expect(await count("SELECT count(*) AS n FROM password_resets WHERE token_hash = 'h2'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'new'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'old'")).toBe(0);
  });
});
