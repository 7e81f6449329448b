// Thumbnails of imported pictures: an import stores pictures without one (a Worker cannot resize them),
// names them as wanted, and the owner's browser sends each thumbnail it makes; until then lists get the
// original, cached only minutes. Covers fetched by address are named too (imports-covers.test.ts).
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportField } from '@shared/import/records';
import type { WantedThumbnails } from '@shared/schemas/media';
import { call, createUser, errorCode, PNG_BYTES } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';
import { itemsOf, planFor, runImport } from '../../support/worker-imports';

/** A JPEG by its first bytes, made distinct by `seed`. */
const jpeg = (seed: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, seed, 2, 3, 4]);

const TELLICO = `<?xml version="1.0" encoding="UTF-8"?>
<tellico xmlns="http://periapsis.org/tellico/" syntaxVersion="11">
 <collection title="Books" type="2">
  <fields>
   <field title="Title" name="title" type="1" flags="8"/>
   <field title="Cover" name="cover" type="10" flags="0"/>
  </fields>
  <entry id="1"><title>Dune</title><cover>dune.jpeg</cover></entry>
  <entry id="2"><title>Hyperion</title><cover>hyperion.jpeg</cover></entry>
 </collection>
</tellico>`;

const FIELDS: ImportField[] = [
  { key: 'title', label: 'Title', type: 'text', multiple: false, target: 'title' },
  { key: 'cover', label: 'Cover', type: 'image', multiple: false, target: 'cover' },
];

const shelfZip = () => zipSync({ 'tellico.xml': strToU8(TELLICO), 'images/dune.jpeg': jpeg(1), 'images/hyperion.jpeg': jpeg(2) });

async function importedShelf() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Books', type: 'books' });
  const report = await runImport(owner.token, c.id, shelfZip(), 'books.tc', planFor('tellico', FIELDS));
  expect(report).toMatchObject({ status: 'done', counts: { added: 2 } });
  const covers = Object.fromEntries((await itemsOf(owner.token, c.id)).map((i) => [i.values.title as string, i.values.cover as string]));
  return { owner, c, covers };
}

const wantedPath = (collectionId: number) => `/api/v1/collections/${collectionId}/thumbnails/wanted`;
const storePath = (collectionId: number) => `/api/v1/collections/${collectionId}/thumbnails`;

async function wanted(token: string, collectionId: number): Promise<WantedThumbnails> {
  const res = await call(wantedPath(collectionId), { token });
  expect(res.status).toBe(200);
  return (await res.json()) as WantedThumbnails;
}

/** A WebP by its first bytes, standing for a small thumbnail. */
const WEBP_BYTES = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

function thumbnailForm(
  value: string,
  bytes: Uint8Array | null = PNG_BYTES,
  type = 'image/png',
  small: Uint8Array | null = WEBP_BYTES,
): FormData {
  const form = new FormData();
  form.set('value', value);
  if (bytes) form.set('thumbnail', new File([bytes], 'thumbnail.png', { type }));
  if (small) form.set('small', new File([small], 'small.webp', { type: 'image/webp' }));
  return form;
}

const send = (token: string, collectionId: number, form: FormData, env?: Record<string, string>) =>
  call(storePath(collectionId), { method: 'POST', token, body: form, env });

const served = (cover: string, token: string, size = 'thumb') => call(`/media/${cover.slice('media://'.length)}?size=${size}`, { token });

describe('thumbnails of imported pictures', () => {
  it('are asked of the owner, stored, then served in place of the original', async () => {
    const { owner, c, covers } = await importedShelf();
    expect((await wanted(owner.token, c.id)).values.sort()).toEqual([covers.Dune, covers.Hyperion].sort());

    // Until it has one, the original stands in, kept by the browser only minutes.
    const before = await served(covers.Dune!, owner.token);
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(jpeg(1));
    expect(before.headers.get('cache-control')).toBe('private, max-age=300');

    expect((await send(owner.token, c.id, thumbnailForm(covers.Dune!))).status).toBe(204);
    const after = await served(covers.Dune!, owner.token);
    expect(new Uint8Array(await after.arrayBuffer())).toEqual(PNG_BYTES);
    expect(after.headers.get('content-type')).toBe('image/png');
    expect(after.headers.get('cache-control')).toBe('private, max-age=3600');
    // The picture itself is unchanged.
    const original = await call(`/media/${covers.Dune!.slice('media://'.length)}`, { token: owner.token });
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(jpeg(1));
    expect(await wanted(owner.token, c.id)).toEqual({ values: [covers.Hyperion], more: false });

    // A picture the browser cannot read is given up: the original stays what lists show.
    const giveUp = await call(`${wantedPath(c.id)}?value=${encodeURIComponent(covers.Hyperion!)}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(giveUp.status).toBe(204);
    expect(await wanted(owner.token, c.id)).toEqual({ values: [], more: false });

    // The same pictures imported again: the one that has its thumbnail is not asked for again.
    await runImport(owner.token, c.id, shelfZip(), 'books.tc', {
      ...planFor('tellico', FIELDS),
      fields: planFor('tellico', FIELDS).fields.map((f) => ({ ...f, create: null })),
    });
    expect(await wanted(owner.token, c.id)).toEqual({ values: [covers.Hyperion], more: false });
  });

  it('are asked a few at a time, and a picture gone meanwhile is asked no more', async () => {
    const owner = await createUser();
    const c = await createCollection(owner.token, { name: 'Many', type: 'books' });
    const entries = Array.from(
      { length: 11 },
      (_, n) => `<entry id="${n + 1}"><title>Book ${n + 1}</title><cover>c${n}.jpeg</cover></entry>`,
    ).join('');
    const files: Record<string, Uint8Array> = { 'tellico.xml': strToU8(TELLICO.replace(/<entry[\s\S]*<\/entry>/, entries)) };
    for (let n = 0; n < 11; n += 1) files[`images/c${n}.jpeg`] = jpeg(10 + n);
    await runImport(owner.token, c.id, zipSync(files), 'many.tc', planFor('tellico', FIELDS));
    const first = await wanted(owner.token, c.id);
    expect(first.values).toHaveLength(8);
    expect(first.more).toBe(true);
    // An item deleted with its picture: the picture leaves R2, and the list lets it go.
    const items = await itemsOf(owner.token, c.id);
    const gone = items.find((i) => i.values.cover === first.values[0])!;
    expect((await call(`/api/v1/collections/${c.id}/items/${gone.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    for (const value of first.values.slice(1)) expect((await send(owner.token, c.id, thumbnailForm(value))).status).toBe(204);
    const second = await wanted(owner.token, c.id);
    expect(second.values).toHaveLength(3);
    expect(second.values).not.toContain(first.values[0]);
    expect(second.more).toBe(false);
    // Sending a thumbnail of the deleted picture: not found, and nothing is stored for it.
    const late = await send(owner.token, c.id, thumbnailForm(first.values[0]!));
    expect(late.status).toBe(404);
    expect((await served(first.values[0]!, owner.token)).status).toBe(404);
  });

  it('refuse what is not a small picture of this collection, clearly', async () => {
    const { owner, c, covers } = await importedShelf();
    const other = await importedShelf();
    // Another collection's picture, or anything else, is not this collection's.
    for (const value of [other.covers.Dune!, 'media://avatars/x.png', 'https://example.com/x.png']) {
      const res = await send(owner.token, c.id, thumbnailForm(value), undefined);
      expect(res.status).toBe(400);
      expect((await res.json()) as unknown).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'value', reason: 'not_collection_media' }] } },
      });
    }
    // No thumbnail; one that is no picture; one too large.
    const missing = await send(owner.token, c.id, thumbnailForm(covers.Dune!, null));
    expect(missing.status).toBe(400);
    expect((await missing.json()) as unknown).toMatchObject({
      error: { details: { fields: [{ path: 'thumbnail', reason: 'required' }] } },
    });
    expect(await errorCode(await send(owner.token, c.id, thumbnailForm(covers.Dune!, strToU8('<svg/>'), 'image/svg+xml')))).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const large = new Uint8Array(300 * 1024);
    large.set(PNG_BYTES);
    expect(await errorCode(await send(owner.token, c.id, thumbnailForm(covers.Dune!, large)))).toBe('PAYLOAD_TOO_LARGE');
    // A picture of this collection that does not exist.
    expect((await send(owner.token, c.id, thumbnailForm(`media://collections/${c.id}/${'0'.repeat(64)}.jpg`))).status).toBe(404);
    // Nothing was stored by any of these, and both pictures are still wanted.
    expect(new Uint8Array(await (await served(covers.Dune!, owner.token)).arrayBuffer())).toEqual(jpeg(1));
    expect((await wanted(owner.token, c.id)).values).toHaveLength(2);
    // Giving up on a value that is not this collection's is refused too.
    const bad = await call(`${wantedPath(c.id)}?value=${encodeURIComponent(other.covers.Dune!)}`, { method: 'DELETE', token: owner.token });
    expect(bad.status).toBe(400);
  });

  it("are the owner's alone, and demo mode refuses to store them", async () => {
    const { owner, c, covers } = await importedShelf();
    const stranger = await createUser();
    expect((await call(wantedPath(c.id))).status).toBe(401);
    // The collection is visible to them: forbidden, as every owner's route answers.
    expect((await call(wantedPath(c.id), { token: stranger.token })).status).toBe(403);
    expect((await call(storePath(c.id), { method: 'POST', body: thumbnailForm(covers.Dune!) })).status).toBe(401);
    expect((await send(stranger.token, c.id, thumbnailForm(covers.Dune!))).status).toBe(403);
    const strangerGivesUp = await call(`${wantedPath(c.id)}?value=${encodeURIComponent(covers.Dune!)}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(strangerGivesUp.status).toBe(403);
    const demo = await send(owner.token, c.id, thumbnailForm(covers.Dune!), { DEMO_MODE: 'true' });
    expect(await errorCode(demo)).toBe('DEMO_MODE');
    // Nothing changed for the owner.
    expect((await wanted(owner.token, c.id)).values).toHaveLength(2);
    expect(new Uint8Array(await (await served(covers.Dune!, owner.token)).arrayBuffer())).toEqual(jpeg(1));
  });

  it('are asked again for a picture with a thumbnail but no small one, which then gets its small one', async () => {
    const { owner, c, covers } = await importedShelf();
    // Sent the way browsers did before small thumbnails existed: the thumbnail alone.
    expect((await send(owner.token, c.id, thumbnailForm(covers.Dune!, PNG_BYTES, 'image/png', null))).status).toBe(204);
    expect(new Uint8Array(await (await served(covers.Dune!, owner.token, 'small')).arrayBuffer())).toEqual(PNG_BYTES);
    // Named again (here by an import of the same pictures; the media sweep does it for the rest).
    await runImport(owner.token, c.id, shelfZip(), 'books.tc', {
      ...planFor('tellico', FIELDS),
      fields: planFor('tellico', FIELDS).fields.map((f) => ({ ...f, create: null })),
    });
    expect((await wanted(owner.token, c.id)).values.sort()).toEqual([covers.Dune, covers.Hyperion].sort());
    expect((await send(owner.token, c.id, thumbnailForm(covers.Dune!))).status).toBe(204);
    expect(new Uint8Array(await (await served(covers.Dune!, owner.token, 'small')).arrayBuffer())).toEqual(WEBP_BYTES);
    expect((await wanted(owner.token, c.id)).values).toEqual([covers.Hyperion]);
  });

  it('refuse a small thumbnail that is no picture or too large, storing neither', async () => {
    const { owner, c, covers } = await importedShelf();
    const notImage = await send(owner.token, c.id, thumbnailForm(covers.Dune!, PNG_BYTES, 'image/png', strToU8('<svg/>')));
    expect(await errorCode(notImage)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = new Uint8Array(64 * 1024 + 1);
    large.set(WEBP_BYTES);
    expect(await errorCode(await send(owner.token, c.id, thumbnailForm(covers.Dune!, PNG_BYTES, 'image/png', large)))).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(new Uint8Array(await (await served(covers.Dune!, owner.token, 'small')).arrayBuffer())).toEqual(jpeg(1));
    expect((await wanted(owner.token, c.id)).values).toHaveLength(2);
  });
});
