// Configuration → Emails: the environment's Resend, a Resend key of the administrator's, or an SMTP
// server (a real one on 127.0.0.1, tests/support/fake-smtp.ts); secrets stored encrypted and never read
// back; a test email that arrives, or fails with its reason; the wrong callers refused.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { EmailSettings, UpdateEmailSettingsInput } from '@shared/schemas/email-settings';
import { sendEmail } from '@worker/lib/email';
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER, type ReceivedEmail } from '../../support/fake-smtp';
import { ADMIN, call, capturedEmails, createUser, errorCode, signIn } from '../../support/worker-app';

const admin = () => signIn(ADMIN.login, ADMIN.password);
const smtpPort = Number(env.FAKE_SMTP_PORT);

async function received(to: string): Promise<ReceivedEmail[]> {
  const res = await fetch(`${env.RESEND_BASE_URL}/__smtp?to=${encodeURIComponent(to)}`);
  return (await res.json()) as ReceivedEmail[];
}

async function save(token: string, input: UpdateEmailSettingsInput) {
  return call('/api/v1/config/email', { method: 'PUT', token, json: input });
}

async function saved(token: string, input: UpdateEmailSettingsInput): Promise<EmailSettings> {
  const res = await save(token, input);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as EmailSettings;
}

const smtp = (overrides: Partial<Extract<UpdateEmailSettingsInput, { transport: 'smtp' }>> = {}): UpdateEmailSettingsInput => ({
  transport: 'smtp',
  sender: 'Our books <books@vitrine.test>',
  host: '127.0.0.1',
  port: smtpPort,
  security: 'none',
  username: FAKE_SMTP_USER,
  password: FAKE_SMTP_PASSWORD,
  ...overrides,
});

async function sendTest(token: string, to: string, lang?: string) {
  return call('/api/v1/config/email/test', { method: 'POST', token, json: { to }, lang });
}

describe('/api/v1/config/email', () => {
  it('starts from the environment, and says so without showing its key', async () => {
    const token = await admin();
    await saved(token, { transport: 'environment' });
    const res = await call('/api/v1/config/email', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as EmailSettings;
    expect(body.transport).toBe('environment');
    expect(body.environment).toEqual({ resendKeySet: true, sender: 'Vitrine <vitrine@vitrine.test>' });
    expect(JSON.stringify(body)).not.toContain(env.RESEND_API_KEY);
  });

  it('sends over SMTP with a user name and password, which is stored encrypted and never read back', async () => {
    const token = await admin();
    const settings = await saved(token, smtp());
    expect(settings.transport).toBe('smtp');
    expect(settings.smtp).toEqual({
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      username: FAKE_SMTP_USER,
      passwordEnding: FAKE_SMTP_PASSWORD.slice(-4),
    });
    expect(JSON.stringify(settings)).not.toContain(FAKE_SMTP_PASSWORD);
    const row = await env.DB.prepare(`SELECT value FROM settings WHERE key = 'email'`).first<{ value: string }>();
    expect(row!.value).not.toContain(FAKE_SMTP_PASSWORD);
    expect(row!.value).not.toContain(FAKE_SMTP_PASSWORD.slice(0, 8));

    const res = await sendTest(token, 'reader@smtp.test', 'fr-FR');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ sent: true, transport: 'smtp' });
    const [email] = await received('reader@smtp.test');
    expect(email).toMatchObject({ from: 'books@vitrine.test', to: ['reader@smtp.test'], user: FAKE_SMTP_USER });
    expect(email!.raw).toMatch(/^From: "Our books" <books@vitrine.test>/m);
    // The subject in French, as the administrator's language asked (encoded as headers must be).
    expect(email!.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(email!.decoded).toContain('Configuration de Vitrine');
  });

  it('keeps a saved password when it is left out, and the other transport’s settings when switching', async () => {
    const token = await admin();
    await saved(token, smtp());
    const { password: _password, ...withoutPassword } = smtp() as Extract<UpdateEmailSettingsInput, { transport: 'smtp' }>;
    const kept = await saved(token, withoutPassword);
    expect(kept.smtp.passwordEnding).toBe(FAKE_SMTP_PASSWORD.slice(-4));
    expect((await sendTest(token, 'kept@smtp.test')).status).toBe(200);
    expect(await received('kept@smtp.test')).toHaveLength(1);
    // Another user name does not inherit the password.
    const other = await save(token, { ...withoutPassword, username: 'someone-else' });
    expect(other.status).toBe(400);
    expect(
      ((await other.json()) as { error: { details: { fields: { path: string; reason: string }[] } } }).error.details.fields[0],
    ).toMatchObject({ path: 'password', reason: 'required' });
    // Back to the environment and again to SMTP: nothing to type again.
    await saved(token, { transport: 'environment' });
    const again = await saved(token, withoutPassword);
    expect(again.smtp.passwordEnding).toBe(FAKE_SMTP_PASSWORD.slice(-4));
  });

  it('says why a test email failed: credentials, a refused connection, a silent server, a refused recipient', async () => {
    const token = await admin();
    const failure = async (to: string) => {
      const res = await sendTest(token, to);
      expect(res.status).toBe(400);
      return (await res.json()) as { error: { code: string; message: string; details?: { fields: { path: string; message: string }[] } } };
    };
    await saved(token, smtp({ password: 'not-the-password' }));
    const auth = await failure('auth@smtp.test');
    expect(auth.error.code).toBe('EMAIL_AUTH_FAILED');
    expect(auth.error.details!.fields[0]).toMatchObject({ path: 'reply' });
    expect(auth.error.details!.fields[0]!.message).toContain('535');

    await saved(token, smtp({ port: Number(env.FAKE_SMTP_CLOSED_PORT) }));
    expect((await failure('refused@smtp.test')).error.code).toBe('EMAIL_CONNECTION_FAILED');

    await saved(token, smtp({ port: Number(env.FAKE_SMTP_SILENT_PORT) }));
    const silent = await failure('silent@smtp.test');
    expect(silent.error.code).toBe('EMAIL_TIMEOUT');
    expect(silent.error.message).toBe('The mail server did not answer in time.');

    await saved(token, smtp());
    const refused = await failure('nobody@refused.test');
    expect(refused.error.code).toBe('EMAIL_REJECTED');
    expect(refused.error.details!.fields[0]!.message).toContain('550');
    for (const to of ['auth@smtp.test', 'refused@smtp.test', 'silent@smtp.test']) expect(await received(to)).toEqual([]);
  });

  it('sends every email of the instance by the saved transport, not the environment’s', async () => {
    const token = await admin();
    await saved(token, smtp());
    const { user } = await createUser({ email: 'forgetful@smtp.test' });
    const res = await call('/api/v1/password-reset', { method: 'POST', json: { login: user.username } });
    expect(res.status).toBe(202);
    const [email] = await received('forgetful@smtp.test');
    expect(email!.decoded).toContain('https://vitrine.test/resetpassword?token=');
    expect(await capturedEmails('forgetful@smtp.test')).toEqual([]);
  });

  it('sends with a Resend key of its own, kept when left out, and names a refused key', async () => {
    const token = await admin();
    const settings = await saved(token, { transport: 'resend', sender: 'Books <books@resend.test>', apiKey: 're_saved_key_abcd1234' });
    expect(settings.resend).toEqual({ keyEnding: '1234' });
    expect((await sendTest(token, 'reader@resend.test')).status).toBe(200);
    const [email] = await capturedEmails('reader@resend.test');
    expect(email).toMatchObject({
      from: 'Books <books@resend.test>',
      subject: 'Test email from Vitrine',
      authorization: 'Bearer re_saved_key_abcd1234',
    });
    await saved(token, { transport: 'resend', sender: 'Books <books@resend.test>' });
    expect((await sendTest(token, 'again@resend.test')).status).toBe(200);
    expect((await capturedEmails('again@resend.test'))[0]!.authorization).toBe('Bearer re_saved_key_abcd1234');

    await saved(token, { transport: 'resend', sender: 'Books <books@resend.test>', apiKey: 're_refused_key_0000' });
    const refused = await sendTest(token, 'never@resend.test');
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('EMAIL_AUTH_FAILED');
  });

  it('cannot open a secret saved under another APP_SECRET, and says so', async () => {
    const token = await admin();
    await saved(token, smtp());
    const result = await sendEmail(
      { ...env, APP_SECRET: 'another-secret-that-is-long-enough-0123456789' },
      { to: 'x@smtp.test', subject: 's', text: 't', html: '<p>t</p>' },
    );
    expect(result).toEqual({ sent: false, reason: 'secret' });
  });

  it('refuses settings it could not use: a bad sender, host or port, a private address, a missing secret', async () => {
    const token = await admin();
    // As on a fresh instance: no key saved by an earlier test.
    await env.DB.prepare(`DELETE FROM settings WHERE key = 'email'`).run();
    await saved(token, { transport: 'environment' });
    const reasons = async (input: unknown) => {
      const res = await call('/api/v1/config/email', { method: 'PUT', token, json: input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      return ((await res.json()) as { error: { details: { fields: { path: string; reason: string }[] } } }).error.details.fields.map(
        (f) => `${f.path}:${f.reason}`,
      );
    };
    expect(await reasons(smtp({ sender: 'not an address' }))).toEqual(['sender:invalid_format']);
    expect(await reasons(smtp({ host: 'mail server.example.org' }))).toEqual(['host:invalid_format']);
    expect(await reasons(smtp({ port: 0 }))).toEqual(['port:too_small']);
    expect(await reasons(smtp({ host: '10.0.0.8', port: 587 }))).toEqual(['host:private_address']);
    expect(await reasons(smtp({ host: 'localhost', port: 25 }))).toEqual(['host:private_address']);
    expect(await reasons({ transport: 'resend', sender: 'books@example.org' })).toEqual(['apiKey:required']);
    expect((await call('/api/v1/config/email', { method: 'PUT', token, json: { transport: 'pigeon' } })).status).toBe(400);
    expect((await sendTest(token, 'not-an-address')).status).toBe(400);
    // Nothing was saved by any of them.
    expect(((await (await call('/api/v1/config/email', { token })).json()) as EmailSettings).transport).toBe('environment');
  });

  it('is the built-in administrator’s alone; demo mode reads it and changes nothing', async () => {
    const { token: userToken } = await createUser();
    for (const [method, path, json] of [
      ['GET', '/api/v1/config/email', undefined],
      ['PUT', '/api/v1/config/email', { transport: 'environment' }],
      ['POST', '/api/v1/config/email/test', { to: 'x@example.org' }],
    ] as const) {
      expect((await call(path, { method, json })).status).toBe(401);
      expect((await call(path, { method, json, token: userToken })).status).toBe(403);
    }
    const token = await admin();
    expect((await call('/api/v1/config/email', { token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
    const put = await call('/api/v1/config/email', {
      method: 'PUT',
      token,
      json: { transport: 'environment' },
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(put)).toBe('DEMO_MODE');
    const test = await call('/api/v1/config/email/test', {
      method: 'POST',
      token,
      json: { to: 'demo@example.org' },
      env: { DEMO_MODE: 'true' },
    });
    expect(await errorCode(test)).toBe('DEMO_MODE');
  });

  it('sends a few test emails an hour at most', async () => {
    const token = await admin();
    await saved(token, smtp());
    let status = 200;
    let sent = 0;
    while (status === 200 && sent < 20) {
      status = (await sendTest(token, 'often@smtp.test')).status;
      if (status === 200) sent += 1;
    }
    expect(status).toBe(429);
    expect(sent).toBeLessThanOrEqual(10);
  });
});
