// Backup and restore of the whole instance: a backup made by its Workflow downloads as one zip, and
// restored into the emptied instance it gives back every row (compared table by table, derived counts
// included) and every stored object (compared by content and metadata). Bad files change nothing.
import { env } from 'cloudflare:test';
import type { Env } from '@worker/env';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BackupRun } from '@shared/schemas/backups';
import { BACKUP_TABLES } from '@worker/features/backups/backup-tables';
import { ADMIN, call, createUser, errorCode, PNG_BYTES, signIn } from '../../support/worker-app';
import { addItem, createCollection, getJson } from '../../support/worker-catalogue';
import { addBorrower, lend, setLoansEnabled } from '../../support/worker-lending';
import { finishedRun } from '../finished-run';

const admin = () => signIn(ADMIN.login, ADMIN.password);

const finished = (token: string, id: number) => finishedRun<BackupRun>(`/api/v1/config/backups/${id}`, token);

async function makeBackup(token: string): Promise<{ run: BackupRun; zip: Uint8Array }> {
  const res = await call('/api/v1/config/backups', { method: 'POST', token });
  expect(res.status, await res.clone().text()).toBe(202);
  const run = await finished(token, ((await res.json()) as BackupRun).id);
  expect(run).toMatchObject({ status: 'done', problem: null });
  const file = await call(`/api/v1/config/backups/${run.id}/file`, { token });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/zip');
  expect(file.headers.get('content-disposition')).toContain('vitrine-backup-');
  return { run, zip: new Uint8Array(await file.arrayBuffer()) };
}

async function restore(token: string, zip: Uint8Array, type = 'application/zip'): Promise<Response> {
  return call('/api/v1/config/restores', {
    method: 'POST',
    token,
    body: zip,
    headers: { 'Content-Type': type, 'Content-Length': String(zip.length) },
  });
}

async function restored(token: string, zip: Uint8Array): Promise<BackupRun> {
  const res = await restore(token, zip);
  expect(res.status, await res.clone().text()).toBe(202);
  return finished(token, ((await res.json()) as BackupRun).id);
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Every backed-up table and the counts triggers keep, row by row, and every object by its SHA-256. */
async function checksums(): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  const tables = [...BACKUP_TABLES, { name: 'facet_counts', select: '*', key: ['property_id', 'sort_key'] }];
  for (const table of tables) {
    const rows = await env.DB.prepare(`SELECT ${table.select} FROM ${table.name} ORDER BY ${table.key.join(', ')}`).raw();
    sums[table.name] = `${rows.length}:${hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows))))}`;
  }
  const listing = await env.MEDIA.list({ limit: 1000 });
  for (const listed of listing.objects) {
    if (listed.key.startsWith('backups/') || listed.key.startsWith('restores/')) continue;
    const object = (await env.MEDIA.get(listed.key))!;
    const digest = hex(await crypto.subtle.digest('SHA-256', await object.arrayBuffer()));
    sums[`object:${listed.key}`] = `${digest} ${object.httpMetadata?.contentType ?? ''} ${JSON.stringify(object.customMetadata ?? {})}`;
  }
  return sums;
}

/** Empties the instance as a new one is: no collection, no borrower, no file, only the administrator. */
async function wipe(adminId: number) {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM collections'),
    env.DB.prepare('DELETE FROM borrowers'),
    env.DB.prepare('DELETE FROM items_search'),
    env.DB.prepare('DELETE FROM facet_counts'),
    env.DB.prepare('DELETE FROM settings'),
    env.DB.prepare('DELETE FROM users WHERE id <> ?1').bind(adminId),
    env.DB.prepare(`UPDATE users SET first_name = 'Someone else', password_hash = 'x' || password_hash WHERE id = ?1`).bind(adminId),
  ]);
  const listing = await env.MEDIA.list({ limit: 1000 });
  const keys = listing.objects.map((o) => o.key).filter((k) => !k.startsWith('backups/'));
  if (keys.length > 0) await env.MEDIA.delete(keys);
}

/** A lived-in instance: two owners, an image and a file, filters, a loan, a hidden item, settings. */
async function livedIn() {
  await setLoansEnabled(true);
  const owner = await createUser();
  const other = await createUser();
  const books = await createCollection(owner.token, { type: 'books', name: 'Shelf', visibility: 0 });
  const form = new FormData();
  form.set('file', new File([PNG_BYTES], 'cover.png', { type: 'image/png' }));
  const upload = await call(`/api/v1/collections/${books.id}/media`, { method: 'POST', token: owner.token, body: form });
  expect(upload.status).toBe(201);
  const { value } = (await upload.json()) as { value: string };
  const dune = await addItem(owner.token, books.id, { values: { title: 'Dune', authors: ['Frank Herbert'], cover: value, year: 1965 } });
  await addItem(owner.token, books.id, { values: { title: 'Hyperion', authors: ['Dan Simmons'], year: 1989 }, visibility: 4 });
  await addItem(owner.token, books.id, { values: { title: 'Éléments', authors: ['Euclide', 'Anonyme'] } });
  const games = await createCollection(other.token, { type: 'board_games', name: 'Games', visibility: 1 });
  await addItem(other.token, games.id, { values: { title: 'Azul', players_max: 4 } });
  const borrower = await addBorrower(owner.token, { name: 'Ann Reader' });
  const loan = await lend(owner.token, `/api/v1/collections/${books.id}/items/${dune.id}`, { borrowerId: borrower.id });
  expect(loan.status, await loan.clone().text()).toBe(201);
  return { owner, other, books };
}

describe('backup and restore of the whole instance', () => {
  it('a backup restored into the emptied instance gives identical rows and objects', async () => {
    const { owner, books } = await livedIn();
    const token = await admin();
    const listed = await getJson<{ items: { id: number }[] }>(`/api/v1/collections/${books.id}/items`, owner.token);
    const before = await checksums();
    expect(Object.keys(before).filter((k) => k.startsWith('object:')).length).toBeGreaterThanOrEqual(1);

    const { run, zip } = await makeBackup(token);
    const entries = unzipSync(zip);
    const names = Object.keys(entries);
    expect(names).toContain('vitrine-backup.json');
    expect(names.some((n) => n.startsWith('tables/item_values/'))).toBe(true);
    expect(names.filter((n) => n.startsWith('media/')).length).toBe(run.objects);
    const manifest = JSON.parse(new TextDecoder().decode(entries['vitrine-backup.json'])) as Record<string, unknown>;
    expect(manifest).toMatchObject({ format: 'vitrine-backup', version: 1, rows: run.rows, objects: run.objects });
    const newest = await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1').first<{ name: string }>();
    expect(manifest.schema).toBe(newest!.name);

    const adminId = (await env.DB.prepare(`SELECT id FROM users WHERE username = 'admin'`).first<{ id: number }>())!.id;
    await wipe(adminId);
    expect(await checksums()).not.toEqual(before);

    const done = await restored(token, zip);
    expect(done).toMatchObject({ kind: 'restore', status: 'done', problem: null, rows: run.rows, objects: run.objects });
    expect(await checksums()).toEqual(before);
    // The uploaded file is gone once restored.
    expect((await env.MEDIA.list({ prefix: 'restores/' })).objects).toHaveLength(0);

    // The restored instance works: its owner signs in again and sees the collection and its picture.
    const again = await signIn(owner.user.username, owner.password);
    const page = await getJson<{ items: { id: number }[] }>(`/api/v1/collections/${books.id}/items`, again);
    expect(page.items).toEqual(listed.items);
    const search = await getJson<{ items: unknown[] }>(`/api/v1/collections/${books.id}/items?q=elements`, again);
    expect(search.items).toHaveLength(1);
  });

  it('a backup a computer added .DS_Store, Thumbs.db or __MACOSX/ entries to restores the same', async () => {
    await livedIn();
    const token = await admin();
    const { run, zip } = await makeBackup(token);
    const entries = unzipSync(zip);
    const media = Object.keys(entries).find((n) => n.startsWith('media/'))!;
    const junk = {
      'media/.DS_Store': strToU8('Bud1'),
      'media/Thumbs.db': strToU8('x'),
      'tables/desktop.ini': strToU8('x'),
      [`__MACOSX/${media}`]: strToU8('fork'),
    };
    const adminId = (await env.DB.prepare(`SELECT id FROM users WHERE username = 'admin'`).first<{ id: number }>())!.id;
    await wipe(adminId);
    const done = await restored(token, zipSync({ ...entries, ...junk }));
    expect(done).toMatchObject({ kind: 'restore', status: 'done', problem: null, rows: run.rows, objects: run.objects });
  });

  it('only the built-in administrator makes, reads or restores backups', async () => {
    const someone = await createUser();
    expect((await call('/api/v1/config/backups', { method: 'POST' })).status).toBe(401);
    const refused = await call('/api/v1/config/backups', { method: 'POST', token: someone.token });
    expect(refused.status).toBe(403);
    expect((await call('/api/v1/config/backups', { token: someone.token })).status).toBe(403);
    expect((await restore(someone.token, zipSync({ 'a.txt': new Uint8Array([1]) }))).status).toBe(403);
    expect((await call('/api/v1/config/backups/1/file')).status).toBe(401);
  });

  it('a restore is refused into an instance that holds collections, and nothing changes', async () => {
    const { owner } = await livedIn();
    const token = await admin();
    const { zip } = await makeBackup(token);
    const before = await checksums();
    const res = await restore(token, zip);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('INSTANCE_NOT_EMPTY');
    expect(await checksums()).toEqual(before);
    expect(owner.token).toBeTruthy();
  });

  it('a file that is not a backup, or a damaged one, fails with its reason and restores nothing', async () => {
    const token = await admin();
    await livedIn();
    const { zip } = await makeBackup(token);
    const adminId = (await env.DB.prepare(`SELECT id FROM users WHERE username = 'admin'`).first<{ id: number }>())!.id;
    await wipe(adminId);
    const empty = await checksums();

    // Not a zip at all; a zip of something else; wrong media type; nothing declared.
    const garbage = await restored(token, new TextEncoder().encode('not a zip, just text'));
    expect(garbage).toMatchObject({ status: 'failed', problem: 'not_a_backup' });
    const other = await restored(token, zipSync({ 'notes.txt': new TextEncoder().encode('hello') }));
    expect(other).toMatchObject({ status: 'failed', problem: 'not_a_backup' });
    const wrongType = await restore(token, zip, 'text/plain');
    expect(wrongType.status).toBe(415);

    // Another version of the format.
    const entries = unzipSync(zip);
    const manifest = JSON.parse(new TextDecoder().decode(entries['vitrine-backup.json'])) as Record<string, unknown>;
    const future = zipSync(
      { ...entries, 'vitrine-backup.json': new TextEncoder().encode(JSON.stringify({ ...manifest, version: 99 })) },
      { level: 0 },
    );
    expect(await restored(token, future)).toMatchObject({ status: 'failed', problem: 'backup_version' });

    // The backup's administrator is not this instance's (another id under the same name).
    const usersName = Object.keys(entries).find((n) => n.startsWith('tables/users/'))!;
    const usersPage = JSON.parse(new TextDecoder().decode(entries[usersName])) as { columns: string[]; rows: unknown[][] };
    const idAt = usersPage.columns.indexOf('id');
    const nameAt = usersPage.columns.indexOf('username');
    const renumbered = usersPage.rows.map((r) => (r[nameAt] === 'admin' ? r.map((v, i) => (i === idAt ? 999 : v)) : r));
    const otherAdmin = zipSync(
      { ...entries, [usersName]: new TextEncoder().encode(JSON.stringify({ ...usersPage, rows: renumbered })) },
      { level: 0 },
    );
    expect(await restored(token, otherAdmin)).toMatchObject({ status: 'failed', problem: 'admin_mismatch' });

    // A page edited to name a column its table lacks, or a row shorter than its columns: refused while
    // checking, before any page is written (a later page of items would otherwise fail half way).
    const itemsName = Object.keys(entries).find((n) => n.startsWith('tables/items/'))!;
    const itemsPage = JSON.parse(new TextDecoder().decode(entries[itemsName])) as { columns: string[]; rows: unknown[][] };
    const edited = (page: unknown) => zipSync({ ...entries, [itemsName]: new TextEncoder().encode(JSON.stringify(page)) }, { level: 0 });
    expect(
      await restored(token, edited({ ...itemsPage, columns: itemsPage.columns.map((c, i) => (i === 1 ? 'no_such_column' : c)) })),
    ).toMatchObject({
      status: 'failed',
      problem: 'backup_damaged',
    });
    expect(await restored(token, edited({ ...itemsPage, rows: itemsPage.rows.map((r) => r.slice(1)) }))).toMatchObject({
      status: 'failed',
      problem: 'backup_damaged',
    });

    // A stored object's bytes changed after the backup was made: its CRC-32 no longer matches.
    const mediaName = Object.keys(entries).find((n) => n.startsWith('media/'))!;
    const damaged = zip.slice();
    const at = indexOf(damaged, entries[mediaName]!);
    damaged[at + 10] = damaged[at + 10]! ^ 0xff;
    expect(await restored(token, damaged)).toMatchObject({ status: 'failed', problem: 'backup_damaged' });

    // Every entry is checked before anything is written: the instance is as empty as before, and the
    // good file restores into it.
    expect(await checksums()).toEqual(empty);
    expect(await restored(token, zip)).toMatchObject({ status: 'done' });
  });

  it('a backup missing a page, with a page cut short, an extra page or a file missing is refused before anything is written, naming the part', async () => {
    const token = await admin();
    await livedIn();
    const { run, zip } = await makeBackup(token);
    const entries = unzipSync(zip);
    const manifest = JSON.parse(new TextDecoder().decode(entries['vitrine-backup.json'])) as {
      pages: Record<string, number>;
      rows: number;
    };
    // The manifest lists every page of rows with its count.
    const pageNames = Object.keys(entries).filter((n) => n.startsWith('tables/'));
    expect(Object.keys(manifest.pages).sort()).toEqual(pageNames.sort());
    expect(Object.values(manifest.pages).reduce((a, b) => a + b, 0)).toBe(run.rows);
    const adminId = (await env.DB.prepare(`SELECT id FROM users WHERE username = 'admin'`).first<{ id: number }>())!.id;
    await wipe(adminId);
    const empty = await checksums();
    const without = (name: string) => zipSync(Object.fromEntries(Object.entries(entries).filter(([n]) => n !== name)), { level: 0 });

    // A page of values deleted: the run fails, naming it.
    const valuesPage = pageNames.find((n) => n.startsWith('tables/item_values/'))!;
    expect(await restored(token, without(valuesPage))).toMatchObject({
      status: 'failed',
      problem: 'backup_damaged',
      problemPart: valuesPage,
    });
    // A page with fewer rows than the manifest says.
    const itemsName = pageNames.find((n) => n.startsWith('tables/items/'))!;
    const itemsPage = JSON.parse(new TextDecoder().decode(entries[itemsName])) as { rows: unknown[][] };
    const shorter = zipSync(
      { ...entries, [itemsName]: new TextEncoder().encode(JSON.stringify({ ...itemsPage, rows: itemsPage.rows.slice(1) })) },
      { level: 0 },
    );
    expect(await restored(token, shorter)).toMatchObject({ status: 'failed', problem: 'backup_damaged', problemPart: itemsName });
    // A page the manifest does not list.
    const extra = zipSync({ ...entries, 'tables/items/999999.json': entries[itemsName]! }, { level: 0 });
    expect(await restored(token, extra)).toMatchObject({
      status: 'failed',
      problem: 'backup_damaged',
      problemPart: 'tables/items/999999.json',
    });
    // A stored file missing.
    const mediaName = Object.keys(entries).find((n) => n.startsWith('media/'))!;
    expect(await restored(token, without(mediaName))).toMatchObject({ status: 'failed', problem: 'backup_damaged', problemPart: 'media/' });
    // The manifest's own pages taken out.
    const bare = zipSync(
      { ...entries, 'vitrine-backup.json': new TextEncoder().encode(JSON.stringify({ ...manifest, pages: undefined })) },
      { level: 0 },
    );
    expect(await restored(token, bare)).toMatchObject({ status: 'failed', problem: 'backup_damaged', problemPart: 'vitrine-backup.json' });

    // Nothing was written by any of them; the whole file restores.
    expect(await checksums()).toEqual(empty);
    expect(await restored(token, zip)).toMatchObject({ status: 'done', problemPart: null });
  });

  it('a run no Workflow could be started for ends at once, and does not hold back the next', async () => {
    const token = await admin();
    const down = { create: () => Promise.reject(new Error('Workflows unavailable')) } as unknown as Env['BACKUPS'];
    expect((await call('/api/v1/config/backups', { method: 'POST', token, env: { BACKUPS: down } })).status).toBe(500);
    const { runs } = (await (await call('/api/v1/config/backups', { token })).json()) as {
      runs: { status: string; problem: string | null }[];
    };
    expect(runs[0]).toMatchObject({ status: 'failed', problem: 'step_failed' });
    // The next one starts and runs to its end.
    expect((await makeBackup(token)).run.status).toBe('done');
  });

  it('one run at a time, a backup in progress cannot be downloaded, and a removed backup is gone', async () => {
    const token = await admin();
    const { run } = await makeBackup(token);
    await env.DB.prepare(`INSERT INTO backups (kind, phase, status) VALUES ('backup', 'tables', 'running')`).run();
    const busy = await call('/api/v1/config/backups', { method: 'POST', token });
    expect(busy.status).toBe(409);
    expect(await errorCode(busy)).toBe('BACKUP_RUNNING');
    const running = (await env.DB.prepare(`SELECT id FROM backups WHERE status = 'running'`).first<{ id: number }>())!.id;
    expect((await call(`/api/v1/config/backups/${running}/file`, { token })).status).toBe(404);
    expect((await call(`/api/v1/config/backups/${running}`, { method: 'DELETE', token })).status).toBe(409);

    const list = await getJson<{ runs: BackupRun[] }>('/api/v1/config/backups', token);
    expect(list.runs.map((r) => r.id).slice(0, 2)).toEqual([running, run.id]);
    expect((await env.MEDIA.list({ prefix: `backups/${run.id}/` })).objects.length).toBeGreaterThan(0);
    expect((await call(`/api/v1/config/backups/${run.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await env.MEDIA.list({ prefix: `backups/${run.id}/` })).objects).toHaveLength(0);
    expect((await call(`/api/v1/config/backups/${run.id}`, { token })).status).toBe(404);
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  throw new Error('not found');
}
