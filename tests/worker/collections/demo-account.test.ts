// The demo account (demo / demo, shown to everyone) exists for demo mode only. An instance started once
// with DEMO_MODE=true and then without it must not keep a public account that can sign in and write.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/users';
import { ADMIN, call, errorCode, signIn } from '../../support/worker-app';

const DEMO = { env: { DEMO_MODE: 'true' } };
const signInDemo = (options = {}) => call('/api/v1/token', { method: 'POST', json: { login: 'demo', password: 'demo' }, ...options });

async function demoAccount(): Promise<User> {
  const admin = await signIn(ADMIN.login, ADMIN.password);
  const { users } = (await (await call('/api/v1/users', { token: admin })).json()) as { users: User[] };
  return users.find((u) => u.username === 'demo')!;
}

describe('the demo account after demo mode', () => {
  it('can no longer sign in, and its sessions and media tickets stop working', async () => {
    const demoToken = await signIn('demo', 'demo', DEMO);
    const ticket = ((await (await call('/api/v1/media-ticket', { token: demoToken, ...DEMO })).json()) as { ticket: string }).ticket;

    // The instance restarts without DEMO_MODE.
    const again = await signInDemo();
    expect(again.status).toBe(401);
    expect(await errorCode(again)).toBe('LOGIN_FAILED');
    expect((await call('/api/v1/profile', { token: demoToken })).status).toBe(401);
    const write = await call('/api/v1/collections', { method: 'POST', token: demoToken, json: { name: 'Mine now' } });
    expect(write.status).toBe(401);
    await env.MEDIA.put('collections/1/x.png', new Uint8Array([1]));
    expect((await call(`/media/collections/1/x.png?t=${ticket}`)).status).toBe(404);
    expect(await demoAccount()).toMatchObject({ enabled: false });
    const sessions = await env.DB.prepare(
      "SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'demo'",
    ).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it('stays refused outside demo mode even when an administrator enables it again', async () => {
    await signIn('demo', 'demo', DEMO);
    expect((await signInDemo()).status).toBe(401);
    const admin = await signIn(ADMIN.login, ADMIN.password);
    const { id } = await demoAccount();
    await call(`/api/v1/users/${id}`, { method: 'PATCH', token: admin, json: { enabled: true } });
    expect((await signInDemo()).status).toBe(401);
  });

  it('works again, read-only, when demo mode comes back', async () => {
    await signIn('demo', 'demo', DEMO);
    expect((await signInDemo()).status).toBe(401);
    const back = await signInDemo(DEMO);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ user: { username: 'demo', readOnly: true } });
  });

  it('leaves alone a real user named demo (real passwords are at least 8 characters)', async () => {
    const admin = await signIn(ADMIN.login, ADMIN.password);
    const existing = await demoAccount();
    if (existing) await call(`/api/v1/users/${existing.id}`, { method: 'DELETE', token: admin });
    await call('/api/v1/users', { method: 'POST', token: admin, json: { username: 'demo', password: 'a-real-password' } });
    const token = await signIn('demo', 'a-real-password');
    await call('/api/v1/', DEMO); // a request in demo mode, then back to normal
    await call('/api/v1/');
    expect((await call('/api/v1/profile', { token })).status).toBe(200);
  });
});
