import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createUser, errorCode, imageForm, PNG_BYTES, signIn } from '../../support/worker-app';

describe('GET/PATCH /api/v1/profile', () => {
  it('shows and updates names without the password', async () => {
    const { user, token } = await createUser();
    const read = await call('/api/v1/profile', { token });
    expect(await read.json()).toMatchObject({ id: user.id, username: user.username, builtinAdmin: false, pendingEmail: null });
    const res = await call('/api/v1/profile', {
      method: 'PATCH',
      token,
      // The profile form sends the unchanged address along: that is no change.
      json: { email: user.email!.toUpperCase(), firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
    const cleared = await call('/api/v1/profile', { method: 'PATCH', token, json: { firstName: '', lastName: '' } });
    expect(await cleared.json()).toMatchObject({ firstName: null, lastName: null, email: user.email });
  });

  it('never returns the password hash', async () => {
    const { token } = await createUser();
    const text = await (await call('/api/v1/profile', { token })).text();
    expect(text).not.toMatch(/pbkdf2|password/i);
  });

  it('refuses invalid emails, unknown fields and emails of other accounts', async () => {
    const other = await createUser();
    const { token, password } = await createUser();
    const bad = await call('/api/v1/profile', { method: 'PATCH', token, json: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { details: { fields: [{ path: 'email' }] } } });
    const extra = await call('/api/v1/profile', { method: 'PATCH', token, json: { isAdmin: true } });
    expect(extra.status).toBe(400);
    const taken = await call('/api/v1/profile', {
      method: 'PATCH',
      token,
      json: { email: other.user.email, currentPassword: password },
    });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe('EMAIL_TAKEN');
  });

  it('answers 401 to anonymous callers and 403 in demo mode', async () => {
    expect((await call('/api/v1/profile')).status).toBe(401);
    expect((await call('/api/v1/profile', { method: 'PATCH', json: { firstName: 'x' } })).status).toBe(401);
    const { token } = await createUser();
    const demo = await call('/api/v1/profile', { method: 'PATCH', token, json: { firstName: 'x' }, env: { DEMO_MODE: 'true' } });
    expect(demo.status).toBe(403);
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    expect((await call('/api/v1/profile', { token, env: { DEMO_MODE: 'true' } })).status).toBe(200);
  });
});

describe('POST /api/v1/profile/password', () => {
  it('changes the password and revokes the other sessions only', async () => {
    const { user, token, password } = await createUser();
    const other = await signIn(user.username, password);
    const res = await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'a-new-password', confirmation: 'a-new-password' },
    });
    expect(res.status).toBe(200);
    expect((await call('/api/v1/profile', { token })).status).toBe(200);
    expect((await call('/api/v1/profile', { token: other })).status).toBe(401);
    await expect(signIn(user.username, 'a-new-password')).resolves.toBeTruthy();
  });

  it('requires the current password and a matching confirmation, explained in the caller’s language', async () => {
    const { token, password } = await createUser();
    const wrong = await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      lang: 'fr_FR',
      json: { currentPassword: 'not-it-at-all', newPassword: 'a-new-password', confirmation: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: {
        code: 'INVALID_CURRENT_PASSWORD',
        details: { fields: [{ path: 'currentPassword', reason: 'wrong_password', message: 'Le mot de passe actuel est incorrect.' }] },
      },
    });
    const mismatch = await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      lang: 'fr_FR',
      json: { currentPassword: password, newPassword: 'a-new-password', confirmation: 'another-one' },
    });
    expect(await mismatch.json()).toMatchObject({
      error: {
        code: 'PASSWORDS_NOT_EQUAL',
        message: 'Les mots de passe ne sont pas identiques !',
        details: { fields: [{ path: 'confirmation', message: 'Les mots de passe ne sont pas identiques !' }] },
      },
    });
    const short = await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'short', confirmation: 'short' },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { details: { fields: [{ path: 'newPassword', reason: 'too_small' }] } } });
  });

  it('throttles current-password guesses per user, counted before checking, even in parallel', async () => {
    const { token, password } = await createUser();
    const guess = (currentPassword: string) =>
      call('/api/v1/profile/password', {
        method: 'POST',
        token,
        json: { currentPassword, newPassword: 'a-new-password', confirmation: 'a-new-password' },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`guess-number-${i}`)));
    expect(answers.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(7);
    const locked = await guess(password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is refused to anonymous callers and in demo mode', async () => {
    const body = { currentPassword: 'x', newPassword: 'a-new-password', confirmation: 'a-new-password' };
    expect((await call('/api/v1/profile/password', { method: 'POST', json: body })).status).toBe(401);
    const { token } = await createUser();
    const demo = await call('/api/v1/profile/password', { method: 'POST', token, json: body, env: { DEMO_MODE: 'true' } });
    expect(demo.status).toBe(403);
  });
});

describe('PUT/DELETE /api/v1/profile/avatar', () => {
  it('stores an image in R2 and serves it under /media/', async () => {
    const { user, token } = await createUser();
    const res = await call('/api/v1/profile/avatar', { method: 'PUT', token, body: imageForm(PNG_BYTES) });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as { avatar: string };
    expect(updated.avatar).toMatch(new RegExp(`^media://avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    const key = updated.avatar.slice('media://'.length);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const media = await call(`/media/${key}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(PNG_BYTES);

    // Replacing removes the old object; removing clears the field.
    const again = (await (await call('/api/v1/profile/avatar', { method: 'PUT', token, body: imageForm(PNG_BYTES) })).json()) as {
      avatar: string;
    };
    expect(again.avatar).not.toBe(updated.avatar);
    expect(await env.MEDIA.head(key)).toBeNull();
    const removed = await call('/api/v1/profile/avatar', { method: 'DELETE', token });
    expect(await removed.json()).toMatchObject({ avatar: null });
  });

  it('checks the content, not the name: a text file named .png is refused with 415', async () => {
    const { token } = await createUser();
    const fake = new TextEncoder().encode('<script>alert(1)</script>');
    const res = await call('/api/v1/profile/avatar', { method: 'PUT', token, body: imageForm(fake, 'x.png', 'image/png') });
    expect(res.status).toBe(415);
    expect(await errorCode(res)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const json = await call('/api/v1/profile/avatar', { method: 'PUT', token, json: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  it('refuses files over 2 MB with 413 and a missing file with 400', async () => {
    const { token } = await createUser();
    const big = new Uint8Array(2 * 1024 * 1024 + 100);
    big.set(PNG_BYTES);
    const res = await call('/api/v1/profile/avatar', { method: 'PUT', token, body: imageForm(big) });
    expect(res.status).toBe(413);
    const empty = await call('/api/v1/profile/avatar', { method: 'PUT', token, body: new FormData() });
    expect(empty.status).toBe(400);
  });

  it('is refused to anonymous callers and in demo mode', async () => {
    expect((await call('/api/v1/profile/avatar', { method: 'PUT', body: imageForm(PNG_BYTES) })).status).toBe(401);
    const { token } = await createUser();
    const demo = await call('/api/v1/profile/avatar', { method: 'PUT', token, body: imageForm(PNG_BYTES), env: { DEMO_MODE: 'true' } });
    expect(demo.status).toBe(403);
  });
});

describe('GET /media/*', () => {
  it('answers 404 for missing objects and for prefixes that are not public', async () => {
    expect((await call('/media/avatars/1/missing.png')).status).toBe(404);
    await env.MEDIA.put('private/secret.png', PNG_BYTES);
    expect((await call('/media/private/secret.png')).status).toBe(404);
    expect((await call('/media/avatars/../private/secret.png')).status).toBe(404);
  });
});
