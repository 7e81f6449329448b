// Small thumbnails (?size=small): made by the browser beside the thumbnail, so a phone's list loads a
// cover of a few kilobytes; served with the same visibility checks, falling back to the thumbnail and
// then the original.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createUser, errorCode, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

/** A GIF and a WebP by their first bytes, to tell the three sizes apart. */
const GIF_BYTES = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw=='), (ch) => ch.charCodeAt(0));
const WEBP_BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

function upload(thumbnail: Uint8Array | null, small: Uint8Array | null) {
  const form = new FormData();
  form.set('file', new File([PNG_BYTES], 'cover.png'));
  if (thumbnail) form.set('thumbnail', new File([thumbnail], 'thumbnail.gif'));
  if (small) form.set('small', new File([small], 'small.webp'));
  return form;
}

/** A collection at `visibility` with one item whose picture was uploaded with these thumbnails. */
async function pictureIn(visibility: number, thumbnail: Uint8Array | null, small: Uint8Array | null) {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Covers', visibility });
  await addProperty(owner.token, c.id, { label: 'Picture', type: 'image', visibility: 0 });
  const res = await call(`/api/v1/collections/${c.id}/media`, { method: 'POST', token: owner.token, body: upload(thumbnail, small) });
  expect(res.status).toBe(201);
  const stored = (await res.json()) as { value: string; thumbnail: boolean; small: boolean };
  await addItem(owner.token, c.id, { values: { picture: stored.value } });
  return { owner, stored, key: stored.value.slice('media://'.length) };
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('small thumbnails', () => {
  it('are stored with an upload and served at ?size=small, with the same caching', async () => {
    const { stored, key } = await pictureIn(0, GIF_BYTES, WEBP_BYTES);
    expect(stored).toMatchObject({ thumbnail: true, small: true });
    const small = await call(`/media/${key}?size=small`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(small.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await bytesOf(small)).toEqual(WEBP_BYTES);
    expect(await bytesOf(await call(`/media/${key}?size=thumb`))).toEqual(GIF_BYTES);
    // The stored object is never addressed by its own key.
    expect((await call(`/media/${key}.small`)).status).toBe(404);
    // Demo mode reads as usual.
    expect(await bytesOf(await call(`/media/${key}?size=small`, { env: { DEMO_MODE: 'true' } }))).toEqual(WEBP_BYTES);
  });

  it('fall back to the thumbnail, then to the original, kept only minutes', async () => {
    const withThumbnail = await pictureIn(0, GIF_BYTES, null);
    expect(withThumbnail.stored).toMatchObject({ thumbnail: true, small: false });
    const thumb = await call(`/media/${withThumbnail.key}?size=small`);
    expect(await bytesOf(thumb)).toEqual(GIF_BYTES);
    expect(thumb.headers.get('cache-control')).toBe('private, max-age=3600');

    const bare = await pictureIn(0, null, null);
    const original = await call(`/media/${bare.key}?size=small`);
    expect(await bytesOf(original)).toEqual(PNG_BYTES);
    expect(original.headers.get('cache-control')).toBe('private, max-age=300');
  });

  it('that are not images or too large are not stored: the upload still is', async () => {
    const notImage = await pictureIn(0, GIF_BYTES, new TextEncoder().encode('<svg/>'));
    expect(notImage.stored).toMatchObject({ thumbnail: true, small: false });
    expect(await env.MEDIA.head(`${notImage.key}.small`)).toBeNull();

    const tooLarge = new Uint8Array(64 * 1024 + 1);
    tooLarge.set(WEBP_BYTES);
    const large = await pictureIn(0, GIF_BYTES, tooLarge);
    expect(large.stored).toMatchObject({ thumbnail: true, small: false });
    expect(await env.MEDIA.head(`${large.key}.small`)).toBeNull();
  });

  it('of a private collection are refused to strangers and anonymous visitors', async () => {
    const { owner, key } = await pictureIn(3, GIF_BYTES, WEBP_BYTES);
    const stranger = await createUser();
    expect(await errorCode(await call(`/media/${key}?size=small`))).toBe('NOT_FOUND');
    expect((await call(`/media/${key}?size=small`, { token: stranger.token })).status).toBe(404);
    expect(await bytesOf(await call(`/media/${key}?size=small`, { token: owner.token }))).toEqual(WEBP_BYTES);
  });

  it('go with their picture when nothing uses it any more', async () => {
    const { owner, stored, key } = await pictureIn(0, GIF_BYTES, WEBP_BYTES);
    expect(await env.MEDIA.head(`${key}.small`)).not.toBeNull();
    const items = (await (await call(`/api/v1/collections/${stored.value.split('/')[3]}/items`, { token: owner.token })).json()) as {
      items: { id: number }[];
    };
    const res = await call(`/api/v1/collections/${stored.value.split('/')[3]}/items/${items.items[0]!.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(res.status).toBe(204);
    await expect.poll(async () => env.MEDIA.head(`${key}.small`)).toBeNull();
    expect(await env.MEDIA.head(`${key}.thumb`)).toBeNull();
  });
});
