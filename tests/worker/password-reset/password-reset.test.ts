import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call, capturedEmails, createUser, errorCode, signIn } from '../../support/worker-app';

function linkFrom(text: string): URL {
  const match = /https?:\/\/\S+\/resetpassword\?token=\S+/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return new URL(match[0]);
}

async function requestReset(login: string, options: Parameters<typeof call>[1] = {}) {
  return call('/api/v1/password-reset', { method: 'POST', json: { login }, ...options });
}

describe('POST /api/v1/password-reset', () => {
  it('emails a single-use link built from APP_URL, localized, with a text part', async () => {
    const { user } = await createUser();
    const res = await requestReset(user.username, { lang: 'fr_FR', headers: { host: 'evil.example' } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    const [email] = await capturedEmails(user.email!);
    expect(email).toBeDefined();
    expect(email!.subject).toBe('Réinitialisez votre mot de passe Vitrine');
    expect(email!.authorization).toBe('Bearer re_test_key');
    const link = linkFrom(email!.text);
    expect(link.origin).toBe('https://vitrine.test');
    expect(email!.html).toContain('https://vitrine.test/resetpassword?token=');
    expect(email!.text).not.toContain('evil.example');
  });

  it('names the instance and builds its link on the public URL the administrator configured', async () => {
    const adminToken = await signIn('admin', env.ADMIN_PASSWORD!);
    const configure = (json: Record<string, unknown>) => call('/api/v1/config/settings', { method: 'PATCH', token: adminToken, json });
    expect((await configure({ instanceName: 'Bibliothèque des Martin', publicUrl: 'https://livres.example.org/' })).status).toBe(200);
    try {
      const { user } = await createUser();
      await requestReset(user.username, { lang: 'fr_FR' });
      const [email] = await capturedEmails(user.email!);
      expect(email!.subject).toBe('Réinitialisez votre mot de passe Bibliothèque des Martin');
      expect(email!.text).toContain('votre compte Bibliothèque des Martin');
      expect(linkFrom(email!.text).origin).toBe('https://livres.example.org');
    } finally {
      await configure({ instanceName: 'Vitrine', publicUrl: null });
    }
  });

  it('answers the same for unknown accounts and sends nothing', async () => {
    const res = await requestReset('no-such-user@example.test');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    expect(await capturedEmails('no-such-user@example.test')).toEqual([]);
  });

  it('rejects empty input with 400', async () => {
    const res = await call('/api/v1/password-reset', { method: 'POST', json: { login: '' } });
    expect(res.status).toBe(400);
  });

  it('sends at most three links an hour to one account, answering the same', async () => {
    const { user } = await createUser();
    for (let i = 0; i < 4; i += 1)
      expect((await requestReset(user.email!, { headers: { 'cf-connecting-ip': `198.51.100.${i}` } })).status).toBe(202);
    expect(await capturedEmails(user.email!)).toHaveLength(3);
  });

  it('rate limits requests per client address', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.44' };
    for (let i = 0; i < 10; i += 1) expect((await requestReset(`someone${i}`, { headers })).status).toBe(202);
    const blocked = await requestReset('someone', { headers });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('is refused in demo mode', async () => {
    const res = await requestReset('admin', { env: { DEMO_MODE: 'true' } });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('DEMO_MODE');
  });
});

describe('POST /api/v1/password-reset/confirm', () => {
  async function freshLink() {
    const created = await createUser();
    await requestReset(created.user.email!, { headers: { 'cf-connecting-ip': crypto.randomUUID() } });
    const [email] = await capturedEmails(created.user.email!);
    return { ...created, token: created.token, resetToken: linkFrom(email!.text).searchParams.get('token')! };
  }

  it('sets the new password once and revokes every session', async () => {
    const { user, token, resetToken } = await freshLink();
    const res = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect((await call('/api/v1/profile', { token })).status).toBe(401);
    await expect(signIn(user.username, 'brand-new-pass')).resolves.toBeTruthy();
    const again = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'another-pass', confirmation: 'another-pass' },
    });
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe('RESET_TOKEN_INVALID');
  });

  it('requires the confirmation to match, explained in the caller’s language', async () => {
    const { resetToken } = await freshLink();
    const res = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pasS' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'PASSWORDS_NOT_EQUAL', message: 'Passwords are not equals!' } });
    const french = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      lang: 'fr_FR',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pasS' },
    });
    expect(await french.json()).toMatchObject({
      error: {
        details: { fields: [{ path: 'confirmation', reason: 'not_equal', message: 'Les mots de passe ne sont pas identiques !' }] },
      },
    });
  });

  it('lets the owner sign in again from an address that was locked out', async () => {
    const { user, resetToken } = await freshLink();
    const headers = { 'cf-connecting-ip': '192.0.2.77' };
    for (let i = 0; i < 6; i += 1) {
      await call('/api/v1/token', { method: 'POST', headers, json: { login: user.username, password: 'wrong-password' } });
    }
    await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    const res = await call('/api/v1/token', { method: 'POST', headers, json: { login: user.username, password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
  });

  it('refuses expired and unknown tokens, and short passwords', async () => {
    const { user, resetToken } = await freshLink();
    const short = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'short', confirmation: 'short' },
    });
    expect(short.status).toBe(400);
    expect(await errorCode(short)).toBe('VALIDATION_FAILED');
    await env.DB.prepare("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    const expired = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    expect(await errorCode(expired)).toBe('RESET_TOKEN_INVALID');
    const unknown = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: 'x'.repeat(43), password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    expect(await errorCode(unknown)).toBe('RESET_TOKEN_INVALID');
  });

  it('stores only a hash of the token', async () => {
    const { resetToken } = await freshLink();
    const rows = await env.DB.prepare('SELECT token_hash FROM password_resets').all<{ token_hash: string }>();
    expect(rows.results.some((r) => r.token_hash.includes(resetToken))).toBe(false);
    expect(rows.results.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('logs', () => {
  it('never contain a token or a reset link', async () => {
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      }),
    );
    try {
      const { user, token } = await createUser();
      await call('/api/v1/password-reset', { method: 'POST', json: { login: user.username }, env: { RESEND_API_KEY: '' } });
      await requestReset(user.username, { headers: { 'cf-connecting-ip': '192.0.2.99' } });
      const [email] = await capturedEmails(user.email!);
      const resetToken = linkFrom(email!.text).searchParams.get('token')!;
      await call('/api/v1/password-reset/confirm', {
        method: 'POST',
        json: { token: resetToken, password: 'logged-nothing-1', confirmation: 'logged-nothing-1' },
      });
      await call('/api/v1/profile', { token });
      const everything = lines.join('\n');
      expect(lines.length).toBeGreaterThan(0); // the unconfigured transport did log its warning
      expect(everything).not.toContain(resetToken);
      expect(everything).not.toContain(token);
      expect(everything).not.toContain('/resetpassword');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('POST /api/v1/password-reset/check', () => {
  async function freshLink() {
    const created = await createUser();
    await requestReset(created.user.email!, { headers: { 'cf-connecting-ip': crypto.randomUUID() } });
    const [email] = await capturedEmails(created.user.email!);
    return { ...created, resetToken: linkFrom(email!.text).searchParams.get('token')! };
  }
  const check = (token: unknown) => call('/api/v1/password-reset/check', { method: 'POST', json: { token } });

  it('accepts a valid link without spending it', async () => {
    const { resetToken } = await freshLink();
    const first = await check(resetToken);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect((await check(resetToken)).status).toBe(200);
    const confirm = await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    expect(confirm.status).toBe(200);
  });

  it('refuses a used link', async () => {
    const { resetToken } = await freshLink();
    await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'brand-new-pass', confirmation: 'brand-new-pass' },
    });
    const res = await check(resetToken);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses an expired link', async () => {
    const { user, resetToken } = await freshLink();
    await env.DB.prepare("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    expect(await errorCode(await check(resetToken))).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses junk', async () => {
    expect(await errorCode(await check('x'.repeat(43)))).toBe('RESET_TOKEN_INVALID');
    expect(await errorCode(await check('short'))).toBe('RESET_TOKEN_INVALID');
    expect(await errorCode(await check(''))).toBe('RESET_TOKEN_INVALID');
    const wrongType = await check(42);
    expect(wrongType.status).toBe(400);
    expect(await errorCode(wrongType)).toBe('VALIDATION_FAILED');
  });
});
