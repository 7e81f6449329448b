// A person's backup of their own collections, and its restore into an account: the same collections come
// back (settings, properties, items with their values, settings, dates and loans, pictures byte for byte),
// made by Workflows; bad files fail with their reason and make nothing; nobody else reaches them.
import { env } from 'cloudflare:test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AccountArchive } from '@shared/schemas/account-archives';
import type { Collection, CollectionList } from '@shared/schemas/collections';
import type { ExportHead, ExportedItem } from '@shared/import/vitrine';
import type { LendingOverview } from '@shared/schemas/lending';
import type { Property } from '@shared/schemas/properties';
import type { Env } from '@worker/env';
import { call, createUser, errorCode, imageForm } from '../../support/worker-app';
import { addItem, addProperty, createCollection, getJson, seededPicture, uploadPicture } from '../../support/worker-catalogue';
import { addBorrower, lend, setLoansEnabled } from '../../support/worker-lending';
import { finishedRun } from '../finished-run';

type ExportDocument = ExportHead & { items: ExportedItem[] };

const finished = (token: string, id: number) => finishedRun<AccountArchive>(`/api/v1/profile/archives/${id}`, token);

async function restore(token: string, zip: Uint8Array): Promise<Response> {
  return call('/api/v1/profile/restores', {
    method: 'POST',
    token,
    body: zip,
    headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
  });
}

const mine = async (token: string) => (await getJson<CollectionList>('/api/v1/collections?mine=true', token)).collections;

/** Two collections: a lent, illustrated shelf with settings of its own, and an empty one. */
async function library() {
  await setLoansEnabled(true);
  const owner = await createUser();
  const shelf = await createCollection(owner.token, {
    name: 'Étagère',
    description: 'Livres du salon',
    tags: ['salon', 'sf'],
    visibility: 1,
    borrowable: 0,
    loanPeriodDays: 14,
    reminderDays: 3,
    offerDays: 5,
  });
  const image = await call(`/api/v1/collections/${shelf.id}/image`, {
    method: 'PUT',
    token: owner.token,
    body: imageForm(seededPicture(11), 'shelf.png'),
  });
  expect(image.status, await image.clone().text()).toBe(200);
  await addProperty(owner.token, shelf.id, { label: 'Title', key: 'title', type: 'text', isTitle: true, searchable: true, sortable: true });
  await addProperty(owner.token, shelf.id, { label: 'Authors', key: 'authors', type: 'text', multiple: true, filterable: true });
  await addProperty(owner.token, shelf.id, { label: 'Cover', key: 'cover', type: 'image', isCover: true });
  await addProperty(owner.token, shelf.id, { label: 'Notes', key: 'notes', type: 'longtext', visibility: 3 });
  const cover = await uploadPicture(owner.token, shelf.id, seededPicture(3));
  const dune = await addItem(owner.token, shelf.id, {
    values: { title: 'Dune', authors: ['Frank Herbert'], cover, notes: 'signed' },
    quantity: 2,
  });
  await addItem(owner.token, shelf.id, { values: { title: 'Secret diary', authors: ['Me', 'Myself'] }, visibility: 3, borrowable: 4 });
  const borrower = await addBorrower(owner.token, { name: 'Ann Reader', email: 'ann.reader@example.test' });
  const lent = await lend(owner.token, `/api/v1/collections/${shelf.id}/items/${dune.id}`, {
    borrowerId: borrower.id,
    dueOn: '2026-12-24',
    notes: 'At the club',
  });
  expect(lent.status, await lent.clone().text()).toBe(201);
  const empty = await createCollection(owner.token, { name: 'Wishlist', type: 'movies' });
  return { owner, shelf, empty };
}

const bytesOf = async (value: string) => new Uint8Array(await (await env.MEDIA.get(value.slice('media://'.length)))!.arrayBuffer());

/** A collection as its owner's export gives it, with pictures as their bytes and without ids or when it was made. */
async function comparable(token: string, collectionId: number) {
  const doc = (await (await call(`/api/v1/collections/${collectionId}/export?format=json`, { token })).json()) as ExportDocument;
  const picture = async (value: unknown) =>
    typeof value === 'string' && value.startsWith('media://') ? Array.from(await bytesOf(value)) : value;
  return {
    collection: { ...doc.collection, image: await picture(doc.collection.image) },
    properties: doc.properties,
    items: await Promise.all(
      doc.items.map(async ({ id: _id, ...item }) => ({
        ...item,
        values: Object.fromEntries(await Promise.all(Object.entries(item.values).map(async ([key, value]) => [key, await picture(value)]))),
      })),
    ),
  };
}

const propertiesOf = async (token: string, collectionId: number) =>
  (await getJson<{ properties: Property[] }>(`/api/v1/collections/${collectionId}/properties`, token)).properties.map(
    ({ id: _id, collectionId: _c, version: _v, ...rest }) => rest,
  );

describe('backups of one’s collections', { timeout: 360_000 }, () => {
  it('download as one zip and restore into another account as the same collections, pictures and loans included', async () => {
    const { owner, shelf, empty } = await library();
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    expect(started.status, await started.clone().text()).toBe(202);
    const backup = await finished(owner.token, ((await started.json()) as AccountArchive).id);
    expect(backup).toMatchObject({ kind: 'backup', status: 'done', total: 2, restored: 2, problem: null });
    expect(backup.collections.map((c) => [c.name, c.items, c.pictures])).toEqual([
      ['Étagère', 2, 2],
      ['Wishlist', 0, 0],
    ]);
    const res = await call(backup.file!, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('vitrine-collections-');
    const zip = new Uint8Array(await res.arrayBuffer());
    // unzipSync checks every entry's CRC-32 against the one the steps noted.
    const files = unzipSync(zip);
    expect(Object.keys(files)[0]).toBe('vitrine-account.json');
    const manifest = JSON.parse(new TextDecoder().decode(files['vitrine-account.json']));
    expect(manifest).toMatchObject({
      format: 'vitrine-account',
      version: 1,
      collections: [
        { name: 'Étagère', document: 'collections/1/collection.json', pictures: 'collections/1/pictures/' },
        { name: 'Wishlist', document: 'collections/2/collection.json', pictures: 'collections/2/pictures/' },
      ],
    });
    expect(Object.keys(files).filter((name) => name.startsWith('collections/1/pictures/'))).toHaveLength(2);

    // Into another account: both collections again, beside what it has.
    const other = await createUser();
    const own = await createCollection(other.token, { name: 'Already mine' });
    const restoring = await restore(other.token, zip);
    expect(restoring.status, await restoring.clone().text()).toBe(202);
    const done = await finished(other.token, ((await restoring.json()) as AccountArchive).id);
    expect(done).toMatchObject({ kind: 'restore', status: 'done', phase: 'done', total: 2, restored: 2, problem: null });
    expect(done.collections.map((c) => [c.name, c.importStatus, c.total, c.failed])).toEqual([
      ['Étagère', 'done', 2, 0],
      ['Wishlist', 'done', 0, 0],
    ]);
    const theirs = await mine(other.token);
    expect(theirs.map((c) => c.name).sort()).toEqual(['Already mine', 'Wishlist', 'Étagère']);
    const copy = theirs.find((c) => c.name === 'Étagère')!;
    const settings = ({ name, type, description, tags, visibility, borrowable, loanPeriodDays, reminderDays, offerDays }: Collection) => ({
      name,
      type,
      description,
      tags,
      visibility,
      borrowable,
      loanPeriodDays,
      reminderDays,
      offerDays,
    });
    expect(settings(copy)).toEqual(settings(shelf));
    expect(settings(theirs.find((c) => c.name === 'Wishlist')!)).toEqual(settings(empty));
    expect(own.id).not.toBe(copy.id);
    // Every property, item, value, setting, date and loan; every picture the same bytes in the copy's own media.
    expect(await propertiesOf(other.token, copy.id)).toEqual(await propertiesOf(owner.token, shelf.id));
    const [original, restored] = [await comparable(owner.token, shelf.id), await comparable(other.token, copy.id)];
    expect(restored).toEqual(original);
    expect(copy.image).toMatch(new RegExp(`^media://collections/${copy.id}/`));
    expect(restored.items.find((i) => i.values.title === 'Dune')!.loans).toEqual([
      expect.objectContaining({
        state: 'lent',
        borrower: { name: 'Ann Reader', email: 'ann.reader@example.test' },
        dueOn: '2026-12-24',
        notes: 'At the club',
      }),
    ]);
    // The lent copy counts in the new account's lending too.
    const overview = await getJson<LendingOverview>('/api/v1/lending', other.token);
    expect([...overview.current, ...overview.overdue].map((l) => l.borrower.email)).toEqual(['ann.reader@example.test']);
    // The pictures wait for their thumbnails, which the owner's browser makes.
    const wanted = await env.DB.prepare('SELECT count(*) AS n FROM thumbnails_wanted WHERE collection_id = ?1')
      .bind(copy.id)
      .first<{ n: number }>();
    expect(wanted?.n).toBe(2);
    // The upload is gone once restored.
    expect((await env.MEDIA.list({ prefix: `restores/account-${other.user.id}-` })).objects).toHaveLength(0);
  });

  it("are their owner's alone, one at a time, refused in demo mode", async () => {
    const owner = await createUser();
    await createCollection(owner.token, { name: 'Shelf' });
    const stranger = await createUser();
    expect((await call('/api/v1/profile/backups', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/v1/profile/archives')).status).toBe(401);
    expect((await restore('', zipSync({ a: strToU8('a') }))).status).toBe(401);
    expect(await errorCode(await call('/api/v1/profile/backups', { method: 'POST', token: owner.token, env: { DEMO_MODE: 'true' } }))).toBe(
      'DEMO_MODE',
    );
    expect(
      await errorCode(
        await call('/api/v1/profile/restores', {
          method: 'POST',
          token: owner.token,
          body: 'x',
          headers: { 'content-type': 'application/zip' },
          env: { DEMO_MODE: 'true' },
        }),
      ),
    ).toBe('DEMO_MODE');
    // A Workflow that has not run yet: the backup is still running, and another is refused.
    const idle = { create: () => Promise.resolve({ id: 'idle' }) } as unknown as Env['EXPORTS'];
    const first = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token, env: { EXPORTS: idle } });
    expect(first.status).toBe(202);
    const archive = (await first.json()) as AccountArchive;
    expect(archive).toMatchObject({ status: 'running', file: null, total: 1 });
    expect(await errorCode(await call('/api/v1/profile/backups', { method: 'POST', token: owner.token }))).toBe('BACKUP_RUNNING');
    expect(await errorCode(await restore(owner.token, zipSync({ a: strToU8('a') })))).toBe('BACKUP_RUNNING');
    // Nobody else sees it or its file; an unfinished backup has no file.
    expect((await call(`/api/v1/profile/archives/${archive.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(`/api/v1/profile/archives/${archive.id}/file`, { token: stranger.token })).status).toBe(404);
    expect((await call(`/api/v1/profile/archives/${archive.id}/file`, { token: owner.token })).status).toBe(404);
    expect((await getJson<{ archives: AccountArchive[] }>('/api/v1/profile/archives', stranger.token)).archives).toEqual([]);
  });

  it('are removed a day later by the daily clean-up, with the zip a restore left', async () => {
    const owner = await createUser();
    const idle = { create: () => Promise.resolve({ id: 'idle' }) } as unknown as Env['ACCOUNT_RESTORES'];
    const zip = zipSync({ a: strToU8('a') });
    const res = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: owner.token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      env: { ACCOUNT_RESTORES: idle },
    });
    const archive = (await res.json()) as AccountArchive;
    expect((await env.MEDIA.list({ prefix: `restores/account-${owner.user.id}-` })).objects).toHaveLength(1);
    const { exportsCleanupJob } = await import('@worker/features/maintenance/exports-cleanup.job');
    const context = { now: new Date(), budget: { take: () => true }, cursor: null, saveCursor: () => {} } as unknown as Parameters<
      typeof exportsCleanupJob.run
    >[1];
    expect(await exportsCleanupJob.run(env, context)).toMatchObject({ archives: 0 });
    await env.DB.prepare("UPDATE account_archives SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') WHERE id = ?1")
      .bind(archive.id)
      .run();
    expect(await exportsCleanupJob.run(env, context)).toMatchObject({ archives: 1 });
    expect((await env.MEDIA.list({ prefix: `restores/account-${owner.user.id}-` })).objects).toHaveLength(0);
    expect((await call(`/api/v1/profile/archives/${archive.id}`, { token: owner.token })).status).toBe(404);
  });

  it('go on with the next collection when one being restored is deleted meanwhile', async () => {
    const owner = await createUser();
    for (const name of ['First', 'Second']) {
      const c = await createCollection(owner.token, { name });
      await addProperty(owner.token, c.id, { label: 'Title', key: 'title', type: 'text', isTitle: true });
      await addItem(owner.token, c.id, { values: { title: `${name} book` } });
    }
    const backup = await finished(
      owner.token,
      ((await (await call('/api/v1/profile/backups', { method: 'POST', token: owner.token })).json()) as AccountArchive).id,
    );
    const zip = new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer());
    // The restore's steps run one by one here, so that a collection can be deleted between two of them.
    const other = await createUser();
    const idle = { create: () => Promise.resolve({ id: 'idle' }) } as unknown as Env['ACCOUNT_RESTORES'];
    const res = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: other.token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      env: { ACCOUNT_RESTORES: idle },
    });
    const id = ((await res.json()) as AccountArchive).id;
    const { restoreStep } = await import('@worker/features/account-archives/account-restore.steps');
    expect(await restoreStep(env, id)).toBe('more'); // open
    expect(await restoreStep(env, id)).toBe('more'); // create the first
    const first = (await mine(other.token)).find((c) => c.name === 'First')!;
    expect((await call(`/api/v1/collections/${first.id}`, { method: 'DELETE', token: other.token })).status).toBe(204);
    let steps = 0;
    while ((await restoreStep(env, id)) === 'more') steps += 1;
    expect(steps).toBeLessThan(20);
    const archive = await getJson<AccountArchive>(`/api/v1/profile/archives/${id}`, other.token);
    expect(archive).toMatchObject({ status: 'done', restored: 2, problem: null });
    expect(archive.collections.map((c) => [c.name, c.collectionId === null])).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    expect((await mine(other.token)).map((c) => c.name)).toEqual(['Second']);
  });

  it('missing a picture or a document, or with one added, are refused before anything is made, naming the part', async () => {
    const { owner } = await library();
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    const backup = await finished(owner.token, ((await started.json()) as AccountArchive).id);
    const files = unzipSync(new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files['vitrine-account.json'])) as {
      collections: { itemCount: number; pictureCount: number }[];
    };
    expect(manifest.collections.map((c) => [c.itemCount, c.pictureCount])).toEqual([
      [2, 2],
      [0, 0],
    ]);
    const other = await createUser();
    const failed = async (zip: Uint8Array) => {
      const res = await restore(other.token, zip);
      expect(res.status, await res.clone().text()).toBe(202);
      return finished(other.token, ((await res.json()) as AccountArchive).id);
    };
    const picture = Object.keys(files).find((name) => name.startsWith('collections/1/pictures/'))!;
    const without = (name: string) => zipSync(Object.fromEntries(Object.entries(files).filter(([n]) => n !== name)));
    expect(await failed(without(picture))).toMatchObject({
      status: 'failed',
      problem: 'archive_damaged',
      problemPart: 'collections/1/pictures/',
    });
    expect(await failed(zipSync({ ...files, 'collections/2/pictures/extra.png': files[picture]! }))).toMatchObject({
      status: 'failed',
      problem: 'archive_damaged',
      problemPart: 'collections/2/pictures/',
    });
    // The second collection's document gone: the first is not made either.
    expect(await failed(without('collections/2/collection.json'))).toMatchObject({
      status: 'failed',
      problem: 'archive_damaged',
      problemPart: 'collections/2/collection.json',
    });
    expect(await mine(other.token)).toEqual([]);
    expect(await failed(zipSync(files))).toMatchObject({ status: 'done', problemPart: null });
  });

  it('restore when a computer added .DS_Store, Thumbs.db, desktop.ini or __MACOSX/ entries to the zip', async () => {
    const { owner } = await library();
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    const backup = await finished(owner.token, ((await started.json()) as AccountArchive).id);
    const files = unzipSync(new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer()));
    const picture = Object.keys(files).find((name) => name.startsWith('collections/1/pictures/'))!;
    const junk = {
      'collections/1/pictures/.DS_Store': strToU8('Bud1'),
      'collections/1/pictures/Thumbs.db': strToU8('thumbs'),
      'collections/2/pictures/desktop.ini': strToU8('[.ShellClassInfo]'),
      [`__MACOSX/${picture.replace(/[^/]+$/, (name) => `._${name}`)}`]: strToU8('fork'),
      '.DS_Store': strToU8('Bud1'),
    };
    const other = await createUser();
    const res = await restore(other.token, zipSync({ ...files, ...junk }));
    expect(res.status, await res.clone().text()).toBe(202);
    const done = await finished(other.token, ((await res.json()) as AccountArchive).id);
    expect(done).toMatchObject({ status: 'done', problem: null });
    expect(done.collections.map((c) => [c.name, c.importStatus, c.total, c.failed])).toEqual([
      ['Étagère', 'done', 2, 0],
      ['Wishlist', 'done', 0, 0],
    ]);
    const copy = (await mine(other.token)).find((c) => c.name === 'Étagère')!;
    const wanted = await env.DB.prepare('SELECT count(*) AS n FROM thumbnails_wanted WHERE collection_id = ?1')
      .bind(copy.id)
      .first<{ n: number }>();
    expect(wanted?.n).toBe(2);
  });

  it("keep a template's labels in the reader's language, from the backup or judged from an older backup's labels", async () => {
    const owner = await createUser();
    const shelf = await createCollection(owner.token, { name: 'Shelf', type: 'books' }, 'en_US');
    const authors = (await getJson<{ properties: Property[] }>(`/api/v1/collections/${shelf.id}/properties`, owner.token)).properties.find(
      (p) => p.key === 'authors',
    )!;
    const renamed = await call(`/api/v1/collections/${shelf.id}/properties/${authors.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { label: 'Writers' },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    const backup = await finished(owner.token, ((await started.json()) as AccountArchive).id);
    const files = unzipSync(new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer()));
    const document = JSON.parse(new TextDecoder().decode(files['collections/1/collection.json'])) as ExportDocument;
    expect(Object.fromEntries(document.properties.map((p) => [p.key, p.labelTemplate]))).toMatchObject({
      title: 'books',
      year: 'books',
      authors: null,
    });
    // A backup made before labels followed templates: the labels say it ("Title", "Année"), a renamed one does not.
    const older = {
      ...document,
      properties: document.properties.map(({ labelTemplate: _t, ...p }) => (p.key === 'year' ? { ...p, label: 'Année' } : p)),
    };
    const frenchLabels = async (zip: Uint8Array) => {
      const other = await createUser();
      const res = await restore(other.token, zip);
      expect(res.status, await res.clone().text()).toBe(202);
      expect(await finished(other.token, ((await res.json()) as AccountArchive).id)).toMatchObject({ status: 'done' });
      const copy = (await mine(other.token))[0]!;
      const read = await call(`/api/v1/collections/${copy.id}/properties`, { token: other.token, lang: 'fr_FR' });
      return Object.fromEntries(((await read.json()) as { properties: Property[] }).properties.map((p) => [p.key, p.label]));
    };
    const expected = { title: 'Titre', year: 'Année', rating: 'Note', authors: 'Writers' };
    expect(await frenchLabels(zipSync(files))).toMatchObject(expected);
    expect(await frenchLabels(zipSync({ ...files, 'collections/1/collection.json': strToU8(JSON.stringify(older)) }))).toMatchObject(
      expected,
    );
  });

  it('with nothing to back up, give a zip of its manifest alone', async () => {
    const owner = await createUser();
    const started = await call('/api/v1/profile/backups', { method: 'POST', token: owner.token });
    const backup = (await started.json()) as AccountArchive;
    expect(backup).toMatchObject({ status: 'done', total: 0 });
    const files = unzipSync(new Uint8Array(await (await call(backup.file!, { token: owner.token })).arrayBuffer()));
    expect(Object.keys(files)).toEqual(['vitrine-account.json']);
  });
});

describe('restores of a backup', { timeout: 180_000 }, () => {
  const manifest = (extra: Record<string, unknown> = {}) =>
    strToU8(JSON.stringify({ format: 'vitrine-account', version: 1, createdAt: '2026-01-01T00:00:00.000Z', collections: [], ...extra }));

  it.each([
    ['a file that is no zip', strToU8('not a zip at all'), 'not_an_archive'],
    ['a zip without a manifest', zipSync({ 'notes.txt': strToU8('hello') }), 'not_an_archive'],
    ['an instance backup', zipSync({ 'vitrine-backup.json': strToU8('{"format":"vitrine-backup","version":1}') }), 'not_an_archive'],
    ['a backup of another version', zipSync({ 'vitrine-account.json': manifest({ version: 2 }) }), 'archive_version'],
    [
      'a manifest naming a document the zip lacks',
      zipSync({
        'vitrine-account.json': manifest({
          collections: [{ name: 'Gone', document: 'collections/1/collection.json', pictures: 'collections/1/pictures/' }],
        }),
      }),
      'archive_damaged',
    ],
    [
      'a document of another version',
      zipSync({
        'vitrine-account.json': manifest({ collections: [{ name: 'Old', document: 'c.json', pictures: 'p/' }] }),
        'c.json': strToU8('{"format":"vitrine","version":9,"collection":{"name":"Old"},"properties":[],"items":[]}'),
      }),
      'archive_version',
    ],
  ])('refuse %s with its reason, and make nothing', async (_name, file, problem) => {
    const owner = await createUser();
    const res = await restore(owner.token, file);
    expect(res.status, await res.clone().text()).toBe(202);
    const archive = await finished(owner.token, ((await res.json()) as AccountArchive).id);
    expect(archive).toMatchObject({ status: 'failed', problem });
    expect(await mine(owner.token)).toEqual([]);
  });

  it('refuse what is not a zip body, and a body too large', async () => {
    const owner = await createUser();
    const json = await call('/api/v1/profile/restores', { method: 'POST', token: owner.token, json: { a: 1 } });
    expect(await errorCode(json)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: owner.token,
      body: 'x',
      headers: { 'content-type': 'application/zip', 'content-length': String(200 * 1024 * 1024) },
    });
    expect(await errorCode(huge)).toBe('PAYLOAD_TOO_LARGE');
  });
});
