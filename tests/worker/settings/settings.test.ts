// Instance settings: the public subset for everyone, the full set for the built-in administrator only,
// changes refused in demo mode, and the per-isolate copy replaced by a write and expired by its TTL.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_TTL_MS } from '@worker/features/settings/settings.service';
import { ADMIN, call, createUser, errorCode, signIn } from '../../support/worker-app';

const admin = () => signIn(ADMIN.login, ADMIN.password);

async function setLoans(loansEnabled: boolean) {
  const res = await call('/api/v1/config/settings', { method: 'PATCH', token: await admin(), json: { loansEnabled } });
  expect(res.status).toBe(200);
}

async function publicLoansEnabled(options: Parameters<typeof call>[1] = {}) {
  const res = await call('/api/v1/settings', options);
  expect(res.status).toBe(200);
  return ((await res.json()) as { loansEnabled: boolean }).loansEnabled;
}

const DEFAULTS = { loansEnabled: true, instanceName: 'Vitrine', publicUrl: null, defaultLanguage: 'browser', invitationsEnabled: false };

afterEach(async () => {
  vi.useRealTimers();
  const res = await call('/api/v1/config/settings', { method: 'PATCH', token: await admin(), json: DEFAULTS });
  expect(res.status).toBe(200);
});

describe('GET /api/v1/settings (public)', () => {
  it('answers the defaults to anonymous visitors, signed-in users and demo visitors', async () => {
    const res = await call('/api/v1/settings');
    expect(await res.json()).toEqual({ loansEnabled: true, instanceName: 'Vitrine', defaultLanguage: 'browser' });
    const { token } = await createUser();
    expect(await publicLoansEnabled({ token })).toBe(true);
    expect(await publicLoansEnabled({ env: { DEMO_MODE: 'true' } })).toBe(true);
  });

  it('follows a change made by the administrator', async () => {
    await setLoans(false);
    expect(await publicLoansEnabled()).toBe(false);
  });
});

describe('/api/v1/config/settings (built-in administrator)', () => {
  it('reads every setting and changes only the ones given', async () => {
    const token = await admin();
    expect(await (await call('/api/v1/config/settings', { token })).json()).toEqual(DEFAULTS);
    const changed = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { loansEnabled: false } });
    expect(await changed.json()).toEqual({ ...DEFAULTS, loansEnabled: false });
    const unchanged = await call('/api/v1/config/settings', { method: 'PATCH', token, json: {} });
    expect(await unchanged.json()).toEqual({ ...DEFAULTS, loansEnabled: false });
    // The server configuration: a name (trimmed), a public address, the first visit's language.
    const named = await call('/api/v1/config/settings', {
      method: 'PATCH',
      token,
      json: { instanceName: '  Bibliothèque des Martin ', publicUrl: 'https://books.example.org/', defaultLanguage: 'fr_FR' },
    });
    expect(await named.json()).toEqual({
      loansEnabled: false,
      instanceName: 'Bibliothèque des Martin',
      publicUrl: 'https://books.example.org/',
      defaultLanguage: 'fr_FR',
      invitationsEnabled: false,
    });
    // Visitors get the name and the language, not the address.
    expect(await (await call('/api/v1/settings')).json()).toEqual({
      loansEnabled: false,
      instanceName: 'Bibliothèque des Martin',
      defaultLanguage: 'fr_FR',
    });
    // The address can be taken back: the APP_URL variable applies again.
    const cleared = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { publicUrl: null } });
    expect(((await cleared.json()) as { publicUrl: string | null }).publicUrl).toBeNull();
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'loansEnabled'").first<{ value: string }>();
    expect(row!.value).toBe('false');
  });

  it('refuses invalid input with field details and unknown settings', async () => {
    const token = await admin();
    const wrongType = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { loansEnabled: 'yes' } });
    expect(wrongType.status).toBe(400);
    const body = (await wrongType.json()) as { error: { code: string; details: { fields: { path: string }[] } } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields.map((f) => f.path)).toEqual(['loansEnabled']);
    const unknown = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { registration: true } });
    expect(unknown.status).toBe(400);
    const notJson = await call('/api/v1/config/settings', {
      method: 'PATCH',
      token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    // An empty or too long name, an address that is not http(s) or carries credentials, a query or a
    // fragment, and a language Vitrine does not speak.
    const bad = await call('/api/v1/config/settings', {
      method: 'PATCH',
      token,
      json: { instanceName: '   ', publicUrl: 'ftp://books.example.org', defaultLanguage: 'de_DE' },
    });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { details: { fields: { path: string; reason: string }[] } } };
    expect(badBody.error.details.fields.map((f) => [f.path, f.reason])).toEqual([
      ['instanceName', 'too_small'],
      ['publicUrl', 'invalid_format'],
      ['defaultLanguage', 'invalid_value'],
    ]);
    for (const publicUrl of [
      'https://user:secret@books.example.org',
      'https://books.example.org/?a=1',
      'https://books.example.org/#top',
      'javascript:alert(1)',
    ]) {
      const res = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { publicUrl } });
      expect(res.status, publicUrl).toBe(400);
    }
    const long = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { instanceName: 'x'.repeat(61) } });
    expect(long.status).toBe(400);
    expect(await (await call('/api/v1/config/settings', { token })).json()).toEqual(DEFAULTS);
  });

  it('refuses anonymous callers, other users (even flagged administrator) and writes in demo mode', async () => {
    expect((await call('/api/v1/config/settings')).status).toBe(401);
    expect((await call('/api/v1/config/settings', { method: 'PATCH', json: { loansEnabled: false } })).status).toBe(401);

    const { token } = await createUser();
    const asUser = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { loansEnabled: false } });
    expect(asUser.status).toBe(403);
    expect(await errorCode(asUser)).toBe('FORBIDDEN');
    expect((await call('/api/v1/config/settings', { token })).status).toBe(403);

    const flagged = await createUser();
    await call(`/api/v1/users/${flagged.user.id}`, { method: 'PATCH', token: await admin(), json: { isAdmin: true } });
    expect((await call('/api/v1/config/settings', { token: flagged.token })).status).toBe(403);

    const demo = { env: { DEMO_MODE: 'true' } };
    const adminToken = await signIn(ADMIN.login, ADMIN.password, demo);
    expect((await call('/api/v1/config/settings', { ...demo, token: adminToken })).status).toBe(200);
    const demoWrite = await call('/api/v1/config/settings', { ...demo, method: 'PATCH', token: adminToken, json: { loansEnabled: false } });
    expect(demoWrite.status).toBe(403);
    expect(await errorCode(demoWrite)).toBe('DEMO_MODE');

    expect(await publicLoansEnabled()).toBe(true);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await call('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/settings']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/config/settings']!).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/config/keys']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/config/keys/{name}']!).sort()).toEqual(['delete', 'put']);
  });
});

describe('settings cache', () => {
  const measured = { env: { EXPOSE_D1_METRICS: 'true' }, headers: { 'x-measure-d1': '1' } };
  const queries = (res: Response) => Number(res.headers.get('x-d1-queries'));

  it('costs nothing to requests that do not read settings, and one query per isolate per TTL to those that do', async () => {
    await call('/api/v1/');
    expect(queries(await call('/api/v1/', measured))).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
    expect(queries(await call('/api/v1/settings', measured))).toBe(1);
    expect(queries(await call('/api/v1/settings', measured))).toBe(0);
  });

  it('sees a write through this isolate at once, and a write elsewhere once the copy expires', async () => {
    expect(await publicLoansEnabled()).toBe(true);
    await setLoans(false);
    expect(await publicLoansEnabled()).toBe(false);

    // As another isolate would: straight to the database, this isolate's copy untouched.
    await env.DB.prepare("UPDATE settings SET value = 'true' WHERE key = 'loansEnabled'").run();
    expect(await publicLoansEnabled()).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
    expect(await publicLoansEnabled()).toBe(true);
  });

  it('keeps the default for a stored value this version does not accept', async () => {
    await env.DB.prepare(
      "INSERT INTO settings (key, value) VALUES ('loansEnabled', '\"sometimes\"'), ('retired', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
    const token = await admin();
    expect(await (await call('/api/v1/config/settings', { token })).json()).toEqual(DEFAULTS);
  });
});

describe('/api/v1/config/keys (custom configuration keys)', () => {
  const key = (name: string) => `/api/v1/config/keys/${encodeURIComponent(name)}`;

  afterEach(async () => {
    await env.DB.prepare('DELETE FROM config_keys').run();
  });

  it('are added, listed by name, changed and deleted, taking effect at once', async () => {
    const token = await admin();
    expect(await (await call('/api/v1/config/keys', { token })).json()).toEqual({ keys: [] });
    const added = await call(key('isbn.lookup-timeout'), { method: 'PUT', token, json: { value: '15' } });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ name: 'isbn.lookup-timeout', value: '15' });
    await call(key('covers_source'), { method: 'PUT', token, json: { value: 'open library' } });
    const changed = await call(key('isbn.lookup-timeout'), { method: 'PUT', token, json: { value: '20' } });
    expect(await changed.json()).toMatchObject({ name: 'isbn.lookup-timeout', value: '20' });
    const listed = (await (await call('/api/v1/config/keys', { token })).json()) as { keys: { name: string; value: string }[] };
    expect(listed.keys.map((k) => [k.name, k.value])).toEqual([
      ['covers_source', 'open library'],
      ['isbn.lookup-timeout', '20'],
    ]);
    // What a module reads.
    const { configValue } = await import('@worker/features/settings/config-keys.queries');
    const { drizzle } = await import('drizzle-orm/d1');
    expect(await configValue(drizzle(env.DB), 'isbn.lookup-timeout')).toBe('20');
    expect(await configValue(drizzle(env.DB), 'nothing.here')).toBeNull();
    expect((await call(key('covers_source'), { method: 'DELETE', token })).status).toBe(204);
    expect((await call(key('covers_source'), { method: 'DELETE', token })).status).toBe(404);
    expect(((await (await call('/api/v1/config/keys', { token })).json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('refuse bad names and values, and more keys than an instance takes, changing nothing', async () => {
    const token = await admin();
    for (const name of ['Upper', '1st', 'two words', 'trailing.', 'a..b', 'x'.repeat(65), 'é']) {
      const res = await call(key(name), { method: 'PUT', token, json: { value: 'v' } });
      expect(res.status, name).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
    const long = await call(key('notes'), { method: 'PUT', token, json: { value: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect((await call(key('notes'), { method: 'PUT', token, json: { value: 3 } })).status).toBe(400);
    expect((await call(key('notes'), { method: 'PUT', token, json: { value: 'v', extra: true } })).status).toBe(400);
    expect(await (await call('/api/v1/config/keys', { token })).json()).toEqual({ keys: [] });

    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO config_keys (name, value) SELECT 'k' || i, 'v' FROM n`,
    ).run();
    const full = await call(key('one-more'), { method: 'PUT', token, json: { value: 'v' } });
    expect(full.status).toBe(409);
    expect(await errorCode(full)).toBe('CONFIG_KEYS_FULL');
    // Changing a key that exists is still possible.
    expect((await call(key('k7'), { method: 'PUT', token, json: { value: 'changed' } })).status).toBe(200);
    expect(((await (await call('/api/v1/config/keys', { token })).json()) as { keys: unknown[] }).keys).toHaveLength(200);
  });

  it("are the built-in administrator's alone; demo mode shows them and refuses changes", async () => {
    const token = await admin();
    await call(key('site.motto'), { method: 'PUT', token, json: { value: 'Read more' } });
    expect((await call('/api/v1/config/keys')).status).toBe(401);
    expect((await call(key('site.motto'), { method: 'PUT', json: { value: 'x' } })).status).toBe(401);
    const user = await createUser();
    expect((await call('/api/v1/config/keys', { token: user.token })).status).toBe(403);
    expect((await call(key('site.motto'), { method: 'PUT', token: user.token, json: { value: 'x' } })).status).toBe(403);
    expect((await call(key('site.motto'), { method: 'DELETE', token: user.token })).status).toBe(403);
    const demo = { env: { DEMO_MODE: 'true' } };
    const demoAdmin = await signIn(ADMIN.login, ADMIN.password, demo);
    expect((await call('/api/v1/config/keys', { ...demo, token: demoAdmin })).status).toBe(200);
    expect(await errorCode(await call(key('site.motto'), { ...demo, method: 'PUT', token: demoAdmin, json: { value: 'x' } }))).toBe(
      'DEMO_MODE',
    );
    expect(await errorCode(await call(key('site.motto'), { ...demo, method: 'DELETE', token: demoAdmin }))).toBe('DEMO_MODE');
    const kept = (await (await call('/api/v1/config/keys', { token })).json()) as { keys: { value: string }[] };
    expect(kept.keys.map((k) => k.value)).toEqual(['Read more']);
  });
});
