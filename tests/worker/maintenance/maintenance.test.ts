// The daily maintenance jobs, run through the jobs runner as the cron runs them (with a moved clock
// where a test needs time to pass).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { mediaSweepJob } from '@worker/features/maintenance/media-sweep.job';
import { purgeExpiredJob } from '@worker/features/maintenance/purge-expired.job';
import type { Job } from '@worker/jobs/job';
import { runScheduledJobs } from '@worker/jobs/run-jobs';
import { call, createUser, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

const runAlone = async (job: Job, now?: Date) => (await runScheduledJobs(env, 'test', { schedule: { test: [job] }, now }))[0]!;
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe('purge of expired rows', () => {
  it('removes expired sessions, spent reset and email change links, dead invitations, stale source answers, finished rate-limit windows and long-unseen clients, and nothing else', async () => {
    const { user, token } = await createUser();
    const shelf = await createCollection(token, { name: 'Shared shelf' });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('old', ?, '2000-01-01T00:00:00.000Z')").bind(user.id),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h1', ?, '2000-01-01T00:00:00.000Z')").bind(
        user.id,
      ),
      env.DB.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('h2', ?, '2999-01-01T00:00:00.000Z')").bind(
        user.id,
      ),
      env.DB.prepare(
        "INSERT INTO password_resets (token_hash, user_id, expires_at, used_at) VALUES ('h3', ?, '2999-01-01T00:00:00.000Z', '2001-01-01T00:00:00.000Z')",
      ).bind(user.id),
      env.DB.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES ('old', 3, 0), ('new', 1, unixepoch())"),
      env.DB.prepare(
        "INSERT INTO source_cache (key, hits, expires_at) VALUES ('purge|stale', '[]', '2000-01-01T00:00:00.000Z'), ('purge|fresh', '[]', '2999-01-01T00:00:00.000Z')",
      ),
      env.DB.prepare(
        "INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES ('e1', ?, 'a@example.test', '2000-01-01T00:00:00.000Z')",
      ).bind(user.id),
      env.DB.prepare(
        "INSERT INTO email_changes (token_hash, user_id, new_email, expires_at) VALUES ('e2', ?, 'b@example.test', '2999-01-01T00:00:00.000Z')",
      ).bind(user.id),
      // Invitations expired, used, withdrawn, and one still open.
      env.DB.prepare(
        `INSERT INTO collection_invitations (collection_id, email, role, inviter_id, secret_hash, expires_at, used_at, revoked_at)
         VALUES (?1, 'gone@example.test', 'viewer', ?2, 'i1', '2000-01-01T00:00:00.000Z', NULL, NULL),
                (?1, 'used@example.test', 'viewer', ?2, 'i2', '2999-01-01T00:00:00.000Z', '2001-01-01T00:00:00.000Z', NULL),
                (?1, 'undone@example.test', 'viewer', ?2, 'i3', '2999-01-01T00:00:00.000Z', NULL, '2001-01-01T00:00:00.000Z'),
                (?1, 'open@example.test', 'viewer', ?2, 'i4', '2999-01-01T00:00:00.000Z', NULL, NULL)`,
      ).bind(shelf.id, user.id),
      // Clients last seen 181 and 179 days ago.
      env.DB.prepare(
        "INSERT INTO known_clients (user_id, client, last_sign_in) VALUES (?1, 'address:gone', unixepoch() - 181 * 86400), (?1, 'address:kept', unixepoch() - 179 * 86400)",
      ).bind(user.id),
    ]);
    const report = await runAlone(purgeExpiredJob);
    expect(report).toMatchObject({
      status: 'done',
      units: 7,
      counts: { sessions: 1, passwordResets: 2, emailChanges: 1, invitations: 3, sourceCache: 1, rateLimits: 1, knownClients: 1 },
    });
    expect(await count("SELECT group_concat(key) AS n FROM source_cache WHERE key LIKE 'purge|%'")).toBe('purge|fresh');
    expect(await count("SELECT count(*) AS n FROM sessions WHERE id = 'old'")).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE user_id = ${user.id}`)).toBe(1); // its live session
    expect(await count("SELECT count(*) AS n FROM password_resets WHERE token_hash = 'h2'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM password_resets')).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'new'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'old'")).toBe(0);
    expect(await count('SELECT group_concat(token_hash) AS n FROM email_changes')).toBe('e2');
    expect(await count(`SELECT group_concat(secret_hash) AS n FROM collection_invitations WHERE collection_id = ${shelf.id}`)).toBe('i4');
    expect(
      await count(
        `SELECT group_concat(client) AS n FROM known_clients WHERE user_id = ${user.id} AND client IN ('address:gone', 'address:kept')`,
      ),
    ).toBe('address:kept');
  });

  it('deletes a backlog a chunk per statement, stops when its budget is spent and finishes on the next run', async () => {
    await env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5500) INSERT INTO rate_limits SELECT 'backlog-' || i, 1, 0 FROM n",
    ).run();
    const first = await runAlone(purgeExpiredJob);
    // One statement each for sessions, reset and email change links, invitations and source answers, then four chunks of rate limits: nine units.
    expect(first).toMatchObject({ status: 'stopped', units: 9, counts: { rateLimits: 4000 } });
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'backlog-%'")).toBe(1500);
    const second = await runAlone(purgeExpiredJob);
    expect(second).toMatchObject({ status: 'done', units: 8, counts: { rateLimits: 1500 } });
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'backlog-%'")).toBe(0);
  });
});

describe('media sweep', () => {
  it('removes files older than a day that nothing uses, keeps used and recent ones, and starts over after the last page', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Sweep' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    const upload = async () => {
      const form = new FormData();
      form.set('file', new File([PNG_BYTES], 'p.png'));
      form.set('thumbnail', new File([PNG_BYTES], 't.png'));
      return ((await (await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: form })).json()) as { value: string })
        .value;
    };
    const used = await upload();
    const orphan = await upload();
    await addItem(token, c.id, { values: { picture: used } });
    const key = (value: string) => value.slice('media://'.length);

    // Both are less than a day old by the database's clock.
    expect(await runAlone(mediaSweepJob)).toMatchObject({ status: 'done', counts: { checked: 0, removed: 0 } });
    const dayAfterTomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await runAlone(mediaSweepJob, dayAfterTomorrow)).toMatchObject({ status: 'done', units: 4, counts: { checked: 2, removed: 1 } });
    expect(await env.MEDIA.head(key(orphan))).toBeNull();
    expect(await env.MEDIA.head(`${key(orphan)}.thumb`)).toBeNull();
    expect(await env.MEDIA.head(key(used))).not.toBeNull();
    // The used picture has a thumbnail but no small one: it is named for its owner's browser to make.
    const wanted = await env.DB.prepare('SELECT collection_id, value FROM thumbnails_wanted').all<{
      collection_id: number;
      value: string;
    }>();
    expect(wanted.results).toContainEqual({ collection_id: c.id, value: used });
    // The whole bucket fitted in one run: no cursor is kept, the next run starts over.
    const state = await env.DB.prepare("SELECT value FROM maintenance_state WHERE name = 'media-sweep-cursor'").first<{ value: string }>();
    expect(state?.value ?? '').toBe('');
  });
});
