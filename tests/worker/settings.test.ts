// Instance settings: the public subset for everyone, the full set for the built-in administrator only,
// changes refused in demo mode, and the per-isolate copy replaced by a write and expired by its TTL.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_TTL_MS } from '../../worker/src/features/settings/settings.service';
import { ADMIN, call, createUser, errorCode, signIn } from '../support/worker-app';

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

afterEach(async () => {
  vi.useRealTimers();
  await setLoans(true);
});

describe('GET /api/v1/settings (public)', () => {
  it('answers the defaults to anonymous visitors, signed-in users and demo visitors', async () => {
    const res = await call('/api/v1/settings');
    expect(await res.json()).toEqual({ loansEnabled: true });
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
    expect(await (await call('/api/v1/config/settings', { token })).json()).toEqual({ loansEnabled: true });
    const changed = await call('/api/v1/config/settings', { method: 'PATCH', token, json: { loansEnabled: false } });
    expect(await changed.json()).toEqual({ loansEnabled: false });
    const unchanged = await call('/api/v1/config/settings', { method: 'PATCH', token, json: {} });
    expect(await unchanged.json()).toEqual({ loansEnabled: false });
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
    expect(await publicLoansEnabled()).toBe(true);
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
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('loansEnabled', '\"sometimes\"'), ('retired', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value").run();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SETTINGS_TTL_MS + 1);
    const token = await admin();
    expect(await (await call('/api/v1/config/settings', { token })).json()).toEqual({ loansEnabled: true });
  });
});
