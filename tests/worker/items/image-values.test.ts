// An image property only takes files the server recognised as images by their content, like avatars
// and collection pictures: a PDF named .jpg uploads as a plain file and is refused there with a 400.
import { describe, expect, it } from 'vitest';
import type { Item } from '@shared/schemas/items';
import { call, createUser, errorCode, PNG_BYTES } from '../../support/worker-app';
import { addItem, addProperty, createCollection } from '../../support/worker-catalogue';

type Failure = { error: { code: string; details: { fields: { path: string; reason: string; message: string }[] } } };

async function uploadAs(token: string, collectionId: number, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'image/jpeg' }));
  return call(`/api/v1/collections/${collectionId}/media`, { method: 'POST', token, body: form });
}

async function gallery() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Gallery' });
  await addProperty(owner.token, c.id, { label: 'Title', type: 'text', isTitle: true });
  await addProperty(owner.token, c.id, { label: 'Picture', type: 'image' });
  await addProperty(owner.token, c.id, { label: 'Attachment', type: 'file' });
  return { owner, c };
}

describe('image values are checked by content', () => {
  it('accepts a real image', async () => {
    const { owner, c } = await gallery();
    const res = await uploadAs(owner.token, c.id, PNG_BYTES, 'photo.jpg');
    const { value, kind } = (await res.json()) as { value: string; kind: string };
    expect(kind).toBe('image');
    expect(value.endsWith('.png')).toBe(true);
    const item = await addItem(owner.token, c.id, { values: { title: 'Real', picture: value } });
    expect((item as Item).values.picture).toBe(value);
  });

  it('refuses a file named .jpg that is not an image, saying why, in both languages', async () => {
    const { owner, c } = await gallery();
    const res = await uploadAs(owner.token, c.id, new TextEncoder().encode('%PDF-1.4 not a picture'), 'holiday.jpg');
    const { value, kind } = (await res.json()) as { value: string; kind: string };
    expect(kind).toBe('file');
    for (const [lang, message] of [
      ['en_US', 'This file is not an image: send a PNG, JPEG, GIF or WebP picture.'],
      ['fr_FR', 'Ce fichier n’est pas une image\u00a0: envoyez une image PNG, JPEG, GIF ou WebP.'],
    ] as const) {
      const save = await call(`/api/v1/collections/${c.id}/items`, {
        method: 'POST',
        token: owner.token,
        lang,
        json: { values: { title: 'Fake', picture: value } },
      });
      expect(save.status).toBe(400);
      const body = (await save.json()) as Failure;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details.fields).toEqual([{ path: 'values.picture', reason: 'not_image', message }]);
    }
    // The same file is fine where any file is.
    const item = await addItem(owner.token, c.id, { values: { title: 'Kept', attachment: value } });
    expect((item as Item).values.attachment).toBe(value);
  });

  it('refuses uploads and saves from anyone but the owner', async () => {
    const { owner, c } = await gallery();
    const stranger = await createUser();
    const upload = await uploadAs(stranger.token, c.id, PNG_BYTES, 'photo.png');
    expect([403, 404]).toContain(upload.status);
    const mine = (await (await uploadAs(owner.token, c.id, PNG_BYTES, 'photo.png')).json()) as { value: string };
    const save = await call(`/api/v1/collections/${c.id}/items`, {
      method: 'POST',
      token: stranger.token,
      json: { values: { picture: mine.value } },
    });
    expect([403, 404]).toContain(save.status);
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(await errorCode(save));
  });
});
