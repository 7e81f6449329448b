// A crowd guessing one account's password from ever new addresses must not lock its owner out: the
// account-wide slowing holds strangers only, and the owner signs in from an address or a device that
// signed in before. Time passes by moving every rate-limit window back, as the attempts' clock would.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN, call, capturedEmails, createUser } from '../../support/worker-app';

interface From {
  address: string;
  cookie?: string;
}
const signInFrom = (from: From, login: string, password: string) =>
  call('/api/v1/token', {
    method: 'POST',
    headers: { 'cf-connecting-ip': from.address, ...(from.cookie ? { cookie: from.cookie } : {}) },
    json: { login, password },
  });

/** The device cookie a sign-in answer sets, as a browser would send it back. */
const deviceCookie = (res: Response) => /vitrine_device=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];

const secondsPass = (seconds: number) => env.DB.prepare('UPDATE rate_limits SET window_start = window_start - ?').bind(seconds).run();

let crowdSerial = 0;
/** Each guess of the crowd comes from an address never seen before. */
const crowdGuess = (login: string) => {
  crowdSerial += 1;
  return signInFrom({ address: `10.${(crowdSerial >> 16) & 255}.${(crowdSerial >> 8) & 255}.${crowdSerial & 255}` }, login, 'wrong-guess');
};

describe('a crowd of addresses guessing one password', () => {
  it('lets the owner in from an address that signed in before: 40 guesses, then one every 3 s for 150 s', async () => {
    const { user, password } = await createUser();
    const home = { address: '198.51.100.10' };
    expect((await signInFrom(home, user.username, password)).status).toBe(200);

    const crowd: number[] = [];
    for (let i = 0; i < 40; i += 1) crowd.push((await crowdGuess(user.username)).status);
    const owner: number[] = [];
    for (let second = 0; second < 150; second += 3) {
      crowd.push((await crowdGuess(user.username)).status);
      // The owner tries every ten seconds or so: fifteen times in all.
      if (second % 10 < 3) owner.push((await signInFrom(home, user.username, password)).status);
      await secondsPass(3);
    }
    expect(owner).toHaveLength(15);
    expect(owner.every((status) => status === 200)).toBe(true);
    // The crowd still gets nowhere: ten free guesses, then about one a minute reaches the password check.
    expect(crowd.filter((status) => status === 401).length).toBeLessThanOrEqual(15);
    expect(crowd.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('lets the admin in too, whose name is public, while one guess every 3 s comes from a new address', async () => {
    const known = { address: '198.51.100.11' };
    expect((await signInFrom(known, ADMIN.login, ADMIN.password)).status).toBe(200);
    for (let second = 0; second < 60; second += 3) {
      expect([401, 429]).toContain((await crowdGuess(ADMIN.login)).status);
      await secondsPass(3);
    }
    expect((await signInFrom(known, ADMIN.login, ADMIN.password)).status).toBe(200);
  });

  it('lets the owner in from a new address with the device that signed in before', async () => {
    const { user, password } = await createUser();
    const first = await signInFrom({ address: '198.51.100.12' }, user.username, password);
    const cookie = deviceCookie(first);
    expect(cookie).toBeDefined();
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(first.headers.get('set-cookie')).toMatch(/Path=\/api\/v1\/token/i);

    for (let i = 0; i < 40; i += 1) await crowdGuess(user.username);
    // On the phone's network now: an address never seen, the same device.
    expect((await signInFrom({ address: '203.0.113.200', cookie }, user.username, password)).status).toBe(200);
    // A made-up device value is a stranger.
    const forged = 'vitrine_device=' + 'A'.repeat(43);
    expect((await signInFrom({ address: '203.0.113.201', cookie: forged }, user.username, password)).status).toBe(429);
  });

  it('keeps slowing strangers: the right password from a new address and no device waits its turn', async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 40; i += 1) await crowdGuess(user.username);
    const stranger = await signInFrom({ address: '203.0.113.202' }, user.username, password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('makes the device that resets the password by email a known one', async () => {
    const { user } = await createUser();
    for (let i = 0; i < 40; i += 1) await crowdGuess(user.username);
    const phone = { address: '203.0.113.203' };
    expect(
      (
        await call('/api/v1/password-reset', {
          method: 'POST',
          headers: { 'cf-connecting-ip': phone.address },
          json: { login: user.username },
        })
      ).status,
    ).toBe(202);
    const [email] = await capturedEmails(user.email!);
    const token = new URL(/https?:\/\/\S+\/resetpassword\?token=\S+/.exec(email!.text)![0]).searchParams.get('token');
    const reset = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      headers: { 'cf-connecting-ip': phone.address },
      json: { token, password: 'a-new-password-1', confirmation: 'a-new-password-1' },
    });
    expect(reset.status).toBe(200);
    const cookie = deviceCookie(reset);
    expect(cookie).toBeDefined();
    // The crowd goes on; the phone, now on another network, gets in.
    for (let i = 0; i < 40; i += 1) await crowdGuess(user.username);
    expect((await signInFrom({ address: '203.0.113.204', cookie }, user.username, 'a-new-password-1')).status).toBe(200);
    expect((await signInFrom({ address: '203.0.113.205' }, user.username, 'a-new-password-1')).status).toBe(429);
  });

  it('still holds a known address to its own limit: five wrong passwords from it, then 429', async () => {
    const { user, password } = await createUser();
    const home = { address: '198.51.100.13' };
    expect((await signInFrom(home, user.username, password)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await signInFrom(home, user.username, 'wrong-guess')).status).toBe(401);
    expect((await signInFrom(home, user.username, password)).status).toBe(429);
  });

  it('never counts X-Forwarded-For or X-Real-IP as the client address', async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 5; i += 1) {
      const res = await call('/api/v1/token', {
        method: 'POST',
        headers: { 'cf-connecting-ip': '198.51.100.14', 'x-forwarded-for': `192.0.2.${i}`, 'x-real-ip': `192.0.2.${50 + i}` },
        json: { login: user.username, password: 'wrong-guess' },
      });
      expect(res.status).toBe(401);
    }
    const spoofed = await call('/api/v1/token', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '198.51.100.14', 'x-forwarded-for': '192.0.2.99', 'x-real-ip': '192.0.2.98' },
      json: { login: user.username, password },
    });
    expect(spoofed.status).toBe(429);
  });
});
