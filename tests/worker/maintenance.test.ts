import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { purgeExpired } from '../../worker/src/features/maintenance/maintenance.job';
import { sweepUnusedMedia } from '../../worker/src/features/maintenance/media-sweep.job';
import { call, createUser } from '../support/worker-app';
import { addItem, addProperty, createCollection } from '../support/worker-catalogue';

describe('daily purge', () => {
  it('removes expired sessions, spent reset and email change links and finished rate-limit windows, and nothing else', async () => {
    const { user } = await createUser();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('old', ?, '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h1', ?, '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h2', ?, '2999-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES ('old', 3, 0), ('new', 1, ?)").bind(Math.floor(Date.now() / 1000)),
      env.DB.prepare("INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES ('e1', ?, 'a@example.test', '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES ('e2', ?, 'b@example.test', '2999-01-01T00:00:00.000Z')").bind(user.id),
    ]);
    await purgeExpired(env);
    const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;
    expect(await count("SELECT count(*) AS n FROM sessions WHERE id = 'old'")).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE user_id = ${user.id}`)).toBe(1); // its live session
    expect(await count("SELECT count(*) AS n FROM password_resets WHERE token_hash = 'h2'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'new'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'old'")).toBe(0);
    expect(await count("SELECT group_concat(token_hash) AS n FROM email_changes")).toBe('e2');
  });
});

describe('daily media sweep', () => {
  it('removes files older than a day that nothing uses, keeps used and recent ones, and resumes', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Sweep' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
    const upload = async () => {
      const form = new FormData();
      form.set('file', new File([png], 'p.png'));
      form.set('thumbnail', new File([png], 't.png'));
      return ((await (await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: form })).json()) as { value: string }).value;
    };
    const used = await upload();
    const orphan = await upload();
    await addItem(token, c.id, { values: { picture: used } });
    const key = (value: string) => value.slice('media://'.length);

    expect(await sweepUnusedMedia(env)).toEqual({ checked: 0, removed: 0 }); // both are less than a day old
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await sweepUnusedMedia(env, tomorrow)).toEqual({ checked: 2, removed: 1 });
    expect(await env.MEDIA.head(key(orphan))).toBeNull();
    expect(await env.MEDIA.head(`${key(orphan)}.thumb`)).toBeNull();
    expect(await env.MEDIA.head(key(used))).not.toBeNull();
    const state = await env.DB.prepare("SELECT value FROM maintenance_state WHERE name = 'media-sweep-cursor'").first<{ value: string }>();
    expect(state!.value).toBe(''); // the whole bucket fitted in one run: the next one starts over
  });
});
