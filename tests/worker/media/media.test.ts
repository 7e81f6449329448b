import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN, call, createUser, errorCode, PNG_BYTES, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

/** A different valid image (GIF) to stand for a thumbnail. */
const GIF_BYTES = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw=='), (ch) => ch.charCodeAt(0));

function upload(file: Uint8Array, name: string, thumbnail?: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([file], name));
  if (thumbnail) form.set('thumbnail', new File([thumbnail], 'thumb'));
  return form;
}

describe('POST /api/v1/collections/:id/media', () => {
  it('stores images with their thumbnail, videos inline, other files as downloads with their name', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Media' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    await addProperty(token, c.id, { label: 'Manual', type: 'file' });
    const image = await call(`/api/v1/collections/${c.id}/media`, {
      method: 'POST',
      token,
      body: upload(PNG_BYTES, 'cover.png', GIF_BYTES),
    });
    expect(image.status).toBe(201);
    const stored = (await image.json()) as { value: string; kind: string; thumbnail: boolean; contentType: string };
    expect(stored).toMatchObject({ kind: 'image', thumbnail: true, contentType: 'image/png' });
    const pdf = new TextEncoder().encode('%PDF-1.4 not really');
    const file = (await (
      await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: upload(pdf, 'Manuel d’usage.pdf') })
    ).json()) as { value: string; kind: string; thumbnail: boolean };
    expect(file).toMatchObject({ kind: 'file', thumbnail: false });
    await addItem(token, c.id, { values: { picture: stored.value, manual: file.value } });

    const key = stored.value.slice('media://'.length);
    const original = await call(`/media/${key}`);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(PNG_BYTES);
    const thumb = await call(`/media/${key}?size=thumb`);
    expect(thumb.headers.get('content-type')).toBe('image/gif');
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(GIF_BYTES);
    expect((await call(`/media/${key}.thumb`)).status).toBe(404);

    const download = await call(`/media/${file.value.slice('media://'.length)}`);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Manuel d_usage.pdf"; filename*=UTF-8''Manuel%20d%E2%80%99usage.pdf`,
    );
    expect(original.headers.get('content-disposition')).toBe(`inline; filename="cover.png"; filename*=UTF-8''cover.png`);
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('falls back to the original when the thumbnail is missing or not an image', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Media' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    const res = await call(`/api/v1/collections/${c.id}/media`, {
      method: 'POST',
      token,
      body: upload(PNG_BYTES, 'a.png', new TextEncoder().encode('<svg/>')),
    });
    const stored = (await res.json()) as { value: string; thumbnail: boolean };
    expect(stored.thumbnail).toBe(false);
    await addItem(token, c.id, { values: { picture: stored.value } });
    const key = stored.value.slice('media://'.length);
    expect(await env.MEDIA.head(`${key}.thumb`)).toBeNull();
    expect(new Uint8Array(await (await call(`/media/${key}?size=thumb`)).arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('refuses anonymous callers, strangers, demo mode, missing files and oversize uploads', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const c = await createCollection(owner.token, { name: 'Media' });
    const path = `/api/v1/collections/${c.id}/media`;
    expect((await call(path, { method: 'POST', body: upload(PNG_BYTES, 'a.png') })).status).toBe(401);
    expect((await call(path, { method: 'POST', token: stranger.token, body: upload(PNG_BYTES, 'a.png') })).status).toBe(403);
    const demo = await call(path, { method: 'POST', token: owner.token, body: upload(PNG_BYTES, 'a.png'), env: { DEMO_MODE: 'true' } });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    expect((await call(path, { method: 'POST', token: owner.token, body: new FormData() })).status).toBe(400);
    expect((await call(path, { method: 'POST', token: owner.token, json: { file: 'x' } })).status).toBe(415);
    const big = new Uint8Array(21 * 1024 * 1024);
    expect((await call(path, { method: 'POST', token: owner.token, body: upload(big, 'big.bin') })).status).toBe(413);
  });
});

describe('files no value uses any more', () => {
  it('are removed when an item lets go of them, and kept while another item uses them', async () => {
    const { token } = await createUser();
    const c = await createCollection(token, { name: 'Media' });
    await addProperty(token, c.id, { label: 'Picture', type: 'image' });
    const send = async () =>
      (
        (await (
          await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token, body: upload(PNG_BYTES, 'a.png', GIF_BYTES) })
        ).json()) as { value: string }
      ).value;
    const shared = await send();
    const own = await send();
    const first = await addItem(token, c.id, { values: { picture: own } });
    await addItem(token, c.id, { values: { picture: shared } });
    const key = (value: string) => value.slice('media://'.length);
    expect(await env.MEDIA.head(key(own))).not.toBeNull();

    await call(`/api/v1/collections/${c.id}/items/${first.id}`, { method: 'PATCH', token, json: { values: { picture: shared } } });
    expect(await env.MEDIA.head(key(own))).toBeNull();
    expect(await env.MEDIA.head(`${key(own)}.thumb`)).toBeNull();
    expect(await env.MEDIA.head(key(shared))).not.toBeNull();

    await call(`/api/v1/collections/${c.id}/items/${first.id}`, { method: 'DELETE', token });
    expect(await env.MEDIA.head(key(shared))).not.toBeNull(); // the second item still shows it
  });
});

describe('media tickets (?t=)', () => {
  async function privateFile() {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Private', visibility: 3 });
    await addProperty(owner.token, c.id, { label: 'Picture', type: 'image' });
    const stored = (await (
      await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token: owner.token, body: upload(PNG_BYTES, 'a.png') })
    ).json()) as { value: string };
    await addItem(owner.token, c.id, { values: { picture: stored.value } });
    const ticketFor = async (token: string) =>
      ((await (await call('/api/v1/media-ticket', { token })).json()) as { ticket: string }).ticket;
    return { ...owner, path: `/media/${stored.value.slice('media://'.length)}`, ticketFor };
  }

  it('die with the session they were given to: sign-out', async () => {
    const { path, token, ticketFor } = await privateFile();
    const ticket = await ticketFor(token);
    expect((await call(`${path}?t=${ticket}`)).status).toBe(200);
    await call('/api/v1/token', { method: 'DELETE', token });
    expect((await call(`${path}?t=${ticket}`)).status).toBe(404);
  });

  it('die with a password change (other sessions) and with disabling the user', async () => {
    const { user, path, token, password, ticketFor } = await privateFile();
    const otherSession = await signIn(user.username, password);
    const otherTicket = await ticketFor(otherSession);
    const ownTicket = await ticketFor(token);
    await call('/api/v1/profile/password', {
      method: 'POST',
      token,
      json: { currentPassword: password, newPassword: 'another-password', confirmation: 'another-password' },
    });
    expect((await call(`${path}?t=${otherTicket}`)).status).toBe(404);
    expect((await call(`${path}?t=${ownTicket}`)).status).toBe(200);
    const admin = await signIn(ADMIN.login, ADMIN.password);
    await call(`/api/v1/users/${user.id}`, { method: 'PATCH', token: admin, json: { enabled: false } });
    expect((await call(`${path}?t=${ownTicket}`)).status).toBe(404);
  });

  it('cannot be used as a bearer token', async () => {
    const { token, ticketFor } = await privateFile();
    const ticket = await ticketFor(token);
    expect((await call('/api/v1/profile', { token: ticket })).status).toBe(401);
  });
});
