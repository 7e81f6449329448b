// A collection holding a property of every content type, with several values where a property takes
// several and files of known bytes, comes back whole from a backup: a person's backup restored into
// another account, and the instance's backup restored into the emptied instance. Every value of every
// item is compared, and every stored file byte for byte (with its content type and download name).
import { env } from 'cloudflare:test';
import { strToU8, strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MEDIA_PROPERTY_TYPES, PROPERTY_TYPES } from '@shared/catalogue';
import type { AccountArchive } from '@shared/schemas/account-archives';
import type { BackupRun } from '@shared/schemas/backups';
import type { CollectionList } from '@shared/schemas/collections';
import type { ExportHead, ExportedItem } from '@shared/import/vitrine';
import type { ImportReport } from '@shared/schemas/imports';
import { ADMIN, call, createUser, signIn } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson, seededPicture } from '../../support/worker-catalogue';
import { finishedRun } from '../finished-run';

type ExportDocument = ExportHead & { items: ExportedItem[] };

/** Bytes that no signature reads as a picture or a video: a plain file. */
const plainFile = (seed: number, size: number) =>
  Uint8Array.from({ length: size }, (_, i) => (i * seed + 7) % 256).map((b, i) => (i < 4 ? 0x25 : b));
/** An MP4 by its signature ("ftyp" at offset 4). */
const mp4 = (size: number) => Uint8Array.from({ length: size }, (_, i) => [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70][i] ?? (i * 13) % 256);

async function upload(token: string, collectionId: number, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  const res = await call(`/api/v1/collections/${collectionId}/media`, { method: 'POST', token, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { value: string }).value;
}

/** One property of every type (a second, single, of each media type), three items filled in. */
async function everyType() {
  const owner = await createUser();
  const c = await createCollection(owner.token, { name: 'Everything', type: 'custom' });
  await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true });
  for (const type of PROPERTY_TYPES) {
    // JSON and yes/no take one value; the others several.
    const multiple = type !== 'json' && type !== 'yesno';
    await addProperty(owner.token, c.id, { label: `A ${type}`, key: `p_${type}`, type, multiple });
  }
  for (const type of MEDIA_PROPERTY_TYPES) await addProperty(owner.token, c.id, { label: `One ${type}`, key: `one_${type}`, type });
  const up = (bytes: Uint8Array, name: string) => upload(owner.token, c.id, bytes, name);
  const values: Record<string, unknown> = {
    title: 'All of it',
    p_text: ['first', 'second'],
    p_longtext: ['Line one\nline two', 'Another'],
    p_number: [3.5, -12],
    p_date: ['2024-02-29', '1999-12-31'],
    p_datetime: ['2024-01-15T10:30:00.000Z', '2025-06-01T00:00:00.000Z'],
    p_rating: [4.5, 1],
    p_yesno: true,
    p_url: ['https://example.test/a', 'mailto:someone@example.test'],
    p_color: ['#ff8800', '#0000ff'],
    p_json: { nested: [1, 'two', { three: null }] },
    p_image: [await up(seededPicture(3), 'front.png'), await up(seededPicture(5, 5000), 'back.png')],
    p_video: [await up(mp4(4000), 'clip.mp4'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    p_file: [await up(plainFile(3, 2500), 'Mode d’emploi été.pdf'), await up(plainFile(7, 70_000), 'notes.txt')],
    one_image: await up(seededPicture(9), 'single.png'),
    one_video: await up(mp4(1500), 'short.mp4'),
    one_file: await up(plainFile(11, 900), 'receipt.bin'),
  };
  await addItem(owner.token, c.id, { values });
  await addItem(owner.token, c.id, {
    values: { title: 'Only a file', one_file: await up(plainFile(13, 300), 'alone.dat'), p_video: ['https://vimeo.com/76979871'] },
  });
  await addItem(owner.token, c.id, { values: { title: 'Nothing else' } });
  return { owner, collection: c };
}

/** A stored file as the comparison sees it: its bytes, content type and download name. */
async function stored(value: string) {
  const object = await env.MEDIA.get(value.slice('media://'.length));
  expect(object, value).not.toBeNull();
  return {
    bytes: Array.from(new Uint8Array(await object!.arrayBuffer())),
    type: object!.httpMetadata?.contentType,
    filename: object!.customMetadata?.filename,
  };
}

/** The collection's properties and items as its owner's export gives them, files as what is stored. */
async function comparable(token: string, collectionId: number) {
  const doc = (await (await call(`/api/v1/collections/${collectionId}/export?format=json`, { token })).json()) as ExportDocument;
  const resolve = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(resolve));
    return typeof value === 'string' && value.startsWith('media://') ? stored(value) : value;
  };
  const items = await Promise.all(
    doc.items.map(async (item) => ({
      quantity: item.quantity,
      values: Object.fromEntries(await Promise.all(Object.entries(item.values).map(async ([key, value]) => [key, await resolve(value)]))),
    })),
  );
  return { properties: doc.properties, items: items.sort((a, b) => String(a.values.title).localeCompare(String(b.values.title))) };
}

const accountArchive = (token: string, id: number) => finishedRun<AccountArchive>(`/api/v1/profile/archives/${id}`, token);

const instanceRun = (token: string, id: number) => finishedRun<BackupRun>(`/api/v1/config/backups/${id}`, token);

describe('backups keep every value of every type', { timeout: 540_000 }, () => {
  it('a backup of one’s collections restored into another account gives every value and every file back', async () => {
    const { owner, collection } = await everyType();
    const original = await comparable(owner.token, collection.id);
    // The fixture holds what it means to: every type, files among the values.
    expect(original.properties.map((p) => p.type).sort()).toEqual([...PROPERTY_TYPES, ...MEDIA_PROPERTY_TYPES, 'text'].sort());
    // A type added to the catalogue gets a property here, and fails this until the fixture fills it in.
    const full = original.items.find((i) => i.values.title === 'All of it')!;
    expect(Object.keys(full.values).sort()).toEqual(original.properties.map((p) => p.key).sort());
    expect(full.values.p_file).toHaveLength(2);

    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    expect(started.status, await started.clone().text()).toBe(202);
    const backup = await accountArchive(owner.token, ((await started.json()) as AccountArchive).id);
    // Every stored file goes in the zip: 3 pictures, 2 videos, 4 files.
    expect(backup.collections.map((c) => [c.items, c.pictures])).toEqual([[3, 9]]);
    const zip = new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer());

    const other = await createUser();
    const res = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: other.token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const done = await accountArchive(other.token, ((await res.json()) as AccountArchive).id);
    expect(done).toMatchObject({ status: 'done', problem: null });
    expect(done.collections.map((c) => [c.importStatus, c.total, c.failed, c.leftOut])).toEqual([['done', 3, 0, 0]]);
    const copy = (await getJson<CollectionList>('/api/v1/collections?mine=true', other.token)).collections[0]!;
    expect(copy.id).not.toBe(collection.id);
    expect(await comparable(other.token, copy.id)).toEqual(original);
    // The files are the copy's own, not the original collection's.
    const doc = (await (await call(`/api/v1/collections/${copy.id}/export?format=json`, { token: other.token })).json()) as ExportDocument;
    const media = doc.items
      .flatMap((i) => Object.values(i.values).flat())
      .filter((v): v is string => typeof v === 'string' && v.startsWith('media://'));
    expect(media).toHaveLength(9);
    for (const value of media) expect(value).toMatch(new RegExp(`^media://collections/${copy.id}/`));
  });

  it('a restore that leaves values out keeps their items and says which values and why', async () => {
    const { owner } = await everyType();
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    const backup = await accountArchive(owner.token, ((await started.json()) as AccountArchive).id);
    const files = unzipSync(new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer()));
    // The document changed by hand: a picture value naming a plain file of the zip, a file value naming none.
    const name = 'collections/1/collection.json';
    const doc = JSON.parse(strFromU8(files[name]!)) as ExportDocument;
    const full = doc.items.find((i) => i.values.title === 'All of it')!;
    const plain = full.values.one_file as string;
    full.values.one_image = plain;
    full.values.p_file = [(full.values.p_file as string[])[0]!, plain.replace(/\/[^/]+$/, '/gone.bin')];
    const zip = zipSync({ ...files, [name]: strToU8(JSON.stringify(doc)) });

    const other = await createUser();
    const res = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: other.token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    });
    const done = await accountArchive(other.token, ((await res.json()) as AccountArchive).id);
    expect(done.collections.map((c) => [c.importStatus, c.total, c.failed, c.leftOut])).toEqual([['done', 3, 0, 2]]);
    const { collectionId, importId } = done.collections[0]!;
    const report = await getJson<ImportReport>(`/api/v1/collections/${collectionId}/imports/${importId}`, other.token);
    expect(report.problems.map((p) => [p.outcome, p.property, p.reason, p.title])).toEqual([
      ['kept', 'p_file', 'file_missing', 'All of it'],
      ['kept', 'one_image', 'not_image', 'All of it'],
    ]);
    // The item is there with every other value, the file it still names among them.
    const copy = (await (
      await call(`/api/v1/collections/${collectionId}/export?format=json`, { token: other.token })
    ).json()) as ExportDocument;
    const restored = copy.items.find((i) => i.values.title === 'All of it')!;
    expect(restored.values.one_image).toBeUndefined();
    expect(restored.values.p_file).toHaveLength(1);
    expect(Object.keys(restored.values)).toHaveLength(Object.keys(full.values).length - 1);
  });

  it('a backup of the instance restored into the emptied instance gives every value and every file back', async () => {
    const { owner, collection } = await everyType();
    const original = await comparable(owner.token, collection.id);
    const token = await signIn(ADMIN.login, ADMIN.password);
    const started = await call('/api/v1/config/backups', { method: 'POST', token });
    expect(started.status, await started.clone().text()).toBe(202);
    const backup = await instanceRun(token, ((await started.json()) as BackupRun).id);
    expect(backup).toMatchObject({ status: 'done', problem: null });
    const zip = new Uint8Array(await (await call(`/api/v1/config/backups/${backup.id}/file`, { token })).arrayBuffer());

    // Emptied as a new instance is: only the administrator, no collection, no file.
    const adminId = (await env.DB.prepare(`SELECT id FROM users WHERE username = 'admin'`).first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare('DELETE FROM collections'),
      env.DB.prepare('DELETE FROM items_search'),
      env.DB.prepare('DELETE FROM facet_counts'),
      env.DB.prepare('DELETE FROM users WHERE id <> ?1').bind(adminId),
    ]);
    const keys = (await env.MEDIA.list({ limit: 1000 })).objects.map((o) => o.key).filter((k) => !k.startsWith('backups/'));
    await env.MEDIA.delete(keys);
    expect(keys.filter((k) => k.startsWith(`collections/${collection.id}/`))).toHaveLength(9);

    const res = await call('/api/v1/config/restores', {
      method: 'POST',
      token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await instanceRun(token, ((await res.json()) as BackupRun).id)).toMatchObject({ status: 'done', problem: null });
    const again = await signIn(owner.user.username, owner.password);
    expect(await comparable(again, collection.id)).toEqual(original);
  });
});
