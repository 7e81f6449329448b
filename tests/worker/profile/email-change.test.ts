// Changing one's own email address: the current password is needed, the new address confirms by a
// single-use link, the old address is told, and the address only changes when the link is used.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, capturedEmails, createUser, errorCode, signIn } from '../../support/worker-app';

function linkFrom(text: string): URL {
  const match = /https?:\/\/\S+\/profile\/email\/confirm\?token=\S+/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return new URL(match[0]);
}

const fresh = () => `new-${crypto.randomUUID().slice(0, 8)}@example.test`;

function changeEmail(token: string, email: string, currentPassword?: string, options: Parameters<typeof call>[1] = {}) {
  return call('/api/v1/profile', { method: 'PATCH', token, json: { email, currentPassword }, ...options });
}

const confirm = (token: string, options: Parameters<typeof call>[1] = {}) =>
  call('/api/v1/profile/email/confirm', { method: 'POST', json: { token }, ...options });

async function requestedChange(lang = 'en_US') {
  const created = await createUser();
  const newEmail = fresh();
  const res = await changeEmail(created.token, newEmail, created.password, { lang });
  expect(res.status).toBe(200);
  const [confirmation] = await capturedEmails(newEmail);
  return { ...created, res, newEmail, confirmation: confirmation!, linkToken: linkFrom(confirmation!.text).searchParams.get('token')! };
}

describe('PATCH /api/v1/profile with a new email address', () => {
  it('needs the current password, and keeps the address when it is missing or wrong', async () => {
    const { user, token } = await createUser();
    const missing = await changeEmail(token, fresh());
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'currentPassword', reason: 'required' }] } },
    });
    const wrong = await changeEmail(token, fresh(), 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('INVALID_CURRENT_PASSWORD');
    expect(await (await call('/api/v1/profile', { token })).json()).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('sends a link to the new address and a notice to the old one; the address changes only with the link', async () => {
    const { user, token, res, newEmail, confirmation, linkToken } = await requestedChange('fr_FR');
    expect(await res.json()).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect(await (await call('/api/v1/profile', { token })).json()).toMatchObject({ email: user.email, pendingEmail: newEmail });

    expect(confirmation.subject).toBe('Confirmez votre nouvelle adresse e-mail Vitrine');
    expect(linkFrom(confirmation.text).origin).toBe('https://vitrine.test');
    expect(confirmation.html).toContain('https://vitrine.test/profile/email/confirm?token=');
    const [notice] = await capturedEmails(user.email!);
    expect(notice!.subject).toBe("L'adresse e-mail de votre compte Vitrine est en cours de changement");
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).toContain('changez votre mot de passe');
    expect(notice!.text).not.toContain(linkToken);

    // Until confirmed, the new address cannot receive a password reset.
    await call('/api/v1/password-reset', { method: 'POST', json: { login: newEmail }, headers: { 'cf-connecting-ip': '192.0.2.200' } });
    expect(await capturedEmails(newEmail)).toHaveLength(1);

    // The link works signed out (it may be opened on another device), once.
    const confirmed = await confirm(linkToken);
    expect(confirmed.status).toBe(200);
    expect(await (await call('/api/v1/profile', { token })).json()).toMatchObject({ email: newEmail, pendingEmail: null });
    const again = await confirm(linkToken, { lang: 'fr_FR' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: { code: 'EMAIL_CHANGE_TOKEN_INVALID', message: 'Ce lien de confirmation est invalide, expiré ou déjà utilisé.' },
    });
  });

  it('says so when the instance cannot send email, and keeps the address and the names as they were', async () => {
    const { user, token, password } = await createUser();
    const unsent = `never-${crypto.randomUUID().slice(0, 8)}@example.test`;
    for (const lang of ['en_US', 'fr_FR'] as const) {
      const res = await call('/api/v1/profile', {
        method: 'PATCH',
        token,
        lang,
        env: { RESEND_API_KEY: '' },
        json: { email: unsent, currentPassword: password, firstName: 'Changed' },
      });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('EMAIL_UNAVAILABLE');
      expect(body.error.message).toContain(lang === 'en_US' ? 'cannot send emails' : 'ne peut pas envoyer d’e-mails');
    }
    const profile = (await (await call('/api/v1/profile', { token })).json()) as {
      email: string;
      firstName: string | null;
      pendingEmail: string | null;
    };
    expect(profile).toMatchObject({ email: user.email, pendingEmail: null });
    expect(profile.firstName).not.toBe('Changed');
    expect(await capturedEmails(unsent)).toEqual([]);
  });

  it('lets the user sign in with the new address once confirmed', async () => {
    const { password, newEmail, linkToken } = await requestedChange();
    await expect(signIn(newEmail, password)).rejects.toThrow();
    await confirm(linkToken);
    await expect(signIn(newEmail, password)).resolves.toBeTruthy();
  });

  it('stores only a hash of the token, and refuses expired and unknown links', async () => {
    const { user, linkToken } = await requestedChange();
    const rows = await env.DB.prepare('SELECT token_hash FROM email_changes').all<{ token_hash: string }>();
    expect(rows.results.some((r) => r.token_hash.includes(linkToken))).toBe(false);
    expect(rows.results.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    await env.DB.prepare("UPDATE email_changes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    expect(await errorCode(await confirm(linkToken))).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    expect(await errorCode(await confirm('x'.repeat(43)))).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    expect((await confirm('short')).status).toBe(400);
    expect((await call('/api/v1/profile/email/confirm', { method: 'POST', json: {} })).status).toBe(400);
  });

  it('keeps only the latest request alive, and a new password cancels it', async () => {
    const { token, password, linkToken } = await requestedChange();
    const second = fresh();
    await changeEmail(token, second, password);
    expect(await errorCode(await confirm(linkToken))).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    const secondToken = linkFrom((await capturedEmails(second))[0]!.text).searchParams.get('token')!;
    await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'a-new-password', confirmation: 'a-new-password' },
    });
    expect(await errorCode(await confirm(secondToken))).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it('is cancelled by a password reset (the owner taking the account back)', async () => {
    const { user, linkToken } = await requestedChange();
    await call('/api/v1/password-reset', { method: 'POST', json: { login: user.email }, headers: { 'cf-connecting-ip': '192.0.2.201' } });
    const reset = (await capturedEmails(user.email!)).find((m) => m.text.includes('/resetpassword?token='))!;
    const resetToken = /\/resetpassword\?token=(\S+)/.exec(reset.text)![1]!;
    await call('/api/v1/password-reset/confirm', {
      method: 'POST',
      json: { token: resetToken, password: 'taken-back-pass', confirmation: 'taken-back-pass' },
    });
    expect(await errorCode(await confirm(linkToken))).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it('answers 409 at confirmation when another account took the address meanwhile', async () => {
    const { newEmail, linkToken } = await requestedChange();
    await createUser({ email: newEmail });
    const res = await confirm(linkToken);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('EMAIL_TAKEN');
  });

  it('removes the address at once with the current password, and tells the old address', async () => {
    const { user, token, password } = await createUser();
    expect((await changeEmail(token, '')).status).toBe(400);
    const res = await changeEmail(token, '', password);
    expect(await res.json()).toMatchObject({ email: null, pendingEmail: null });
    const [notice] = await capturedEmails(user.email!);
    expect(notice!.subject).toBe('The email address of your Vitrine account was removed');
  });

  it('sends at most three requests an hour', async () => {
    const { token, password } = await createUser();
    for (let i = 0; i < 3; i += 1) expect((await changeEmail(token, fresh(), password)).status).toBe(200);
    const blocked = await changeEmail(token, fresh(), password);
    expect(blocked.status).toBe(429);
  });

  it('throttles current-password guesses per user, even in parallel', async () => {
    const { token, password } = await createUser();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => changeEmail(token, fresh(), `guess-${i}-wrong`)));
    expect(answers.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect((await changeEmail(token, fresh(), password)).status).toBe(429);
  });

  it('is refused to anonymous callers and in demo mode; the link confirms only its own account', async () => {
    expect((await call('/api/v1/profile', { method: 'PATCH', json: { email: fresh(), currentPassword: 'x' } })).status).toBe(401);
    const { token, password } = await createUser();
    const demo = await changeEmail(token, fresh(), password, { env: { DEMO_MODE: 'true' } });
    expect(await errorCode(demo)).toBe('DEMO_MODE');

    const { user, newEmail, linkToken } = await requestedChange();
    expect(await errorCode(await confirm(linkToken, { env: { DEMO_MODE: 'true' } }))).toBe('DEMO_MODE');
    const stranger = await createUser();
    expect((await confirm(linkToken, { token: stranger.token })).status).toBe(200);
    expect(await (await call('/api/v1/profile', { token: stranger.token })).json()).toMatchObject({ email: stranger.user.email });
    const owner = (await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(user.id).first<{ email: string }>())!;
    expect(owner.email).toBe(newEmail);
  });
});
