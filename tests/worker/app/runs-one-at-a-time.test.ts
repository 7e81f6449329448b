// One run at a time, for real: starting an instance backup or restore, or a backup, restore or export
// with pictures of one's collections, is one conditional insert, so of simultaneous requests exactly one
// is accepted, even when a run ends fast and the others' files are still coming. The database keeps the
// rule too (a unique index on the running state).
import { env } from 'cloudflare:test';
import { strToU8, zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '@worker/env';
import { ADMIN, call, createUser, errorCode, signIn } from '../../support/worker-app';
import { createCollection } from '../../support/worker-catalogue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A zip body that arrives after `delay` ms, as a large upload does. */
function slowBody(zip: Uint8Array, delay: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      await sleep(delay);
      controller.enqueue(zip);
      controller.close();
    },
  });
}

const upload = (path: string, token: string, zip: Uint8Array, delay: number, bindings: Partial<Env> = {}) =>
  call(path, {
    method: 'POST',
    token,
    body: slowBody(zip, delay),
    headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    env: bindings,
  });

/** A Workflow binding whose run ends as soon as it is started: the next request then meets no running run. */
const endingAtOnce = (table: 'backups' | 'account_archives') =>
  ({
    create: async ({ params }: { params: { backupId?: number; archiveId?: number } }) => {
      await env.DB.prepare(`UPDATE ${table} SET status = 'failed', problem = 'step_failed' WHERE id = ?1`)
        .bind(params.backupId ?? params.archiveId)
        .run();
      return { id: 'ended' };
    },
  }) as never;

/** A Workflow binding that starts nothing yet: the run stays running. */
const idle = { create: () => Promise.resolve({ id: 'idle' }) } as never;

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

/** Each case starts with no run going (an idle one of the case before stays running). */
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(`UPDATE backups SET status = 'failed' WHERE status = 'running'`),
    env.DB.prepare(`UPDATE account_archives SET status = 'failed' WHERE status = 'running'`),
  ]);
});

describe('one run at a time', { timeout: 180_000 }, () => {
  it('of 3 simultaneous instance backups, exactly one is accepted', async () => {
    const token = await signIn(ADMIN.login, ADMIN.password);
    const responses = await Promise.all(
      [1, 2, 3].map(() => call('/api/v1/config/backups', { method: 'POST', token, env: { BACKUPS: idle } })),
    );
    expect(statuses(responses)).toEqual([202, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409)) expect(await errorCode(res)).toBe('BACKUP_RUNNING');
  });

  it('of 3 simultaneous instance restores, exactly one is accepted, even when the first ends before the others are uploaded', async () => {
    const token = await signIn(ADMIN.login, ADMIN.password);
    const zip = zipSync({ 'notes.txt': strToU8('not a backup') });
    const responses = await Promise.all(
      [0, 1, 2].map((k) => upload('/api/v1/config/restores', token, zip, 150 * (k + 1), { BACKUPS: endingAtOnce('backups') })),
    );
    expect(statuses(responses)).toEqual([202, 409, 409]);
    // Those refused stored nothing.
    expect((await env.MEDIA.list({ prefix: 'restores/' })).objects).toHaveLength(1);
  });

  it('of 5 simultaneous account restores, exactly one is accepted, even when the first ends before the others are uploaded', async () => {
    const owner = await createUser();
    const zip = zipSync({ 'notes.txt': strToU8('not an archive') });
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map((k) =>
        upload('/api/v1/profile/restores', owner.token, zip, 150 * (k + 1), { ACCOUNT_RESTORES: endingAtOnce('account_archives') }),
      ),
    );
    expect(statuses(responses)).toEqual([202, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409)) expect(await errorCode(res)).toBe('BACKUP_RUNNING');
    expect((await env.MEDIA.list({ prefix: `restores/account-${owner.user.id}-` })).objects).toHaveLength(1);
  });

  it('while an account restore runs, neither a backup nor an export with pictures nor another restore starts', async () => {
    const owner = await createUser();
    const shelf = await createCollection(owner.token, { name: 'Shelf' });
    const zip = zipSync({ 'notes.txt': strToU8('not an archive') });
    const first = await upload('/api/v1/profile/restores', owner.token, zip, 0, { ACCOUNT_RESTORES: idle });
    expect(first.status).toBe(202);
    const others = await Promise.all([
      call('/api/v1/profile/backups', { method: 'POST', token: owner.token, env: { EXPORTS: idle } }),
      call(`/api/v1/collections/${shelf.id}/exports`, { method: 'POST', token: owner.token, env: { EXPORTS: idle } }),
      upload('/api/v1/profile/restores', owner.token, zip, 0, { ACCOUNT_RESTORES: idle }),
    ]);
    expect(statuses([first, ...others])).toEqual([202, 409, 409, 409]);
    for (const res of others) expect(await errorCode(res)).toBe('BACKUP_RUNNING');
    // Someone else's runs are theirs: another person exports meanwhile.
    const other = await createUser();
    const theirs = await createCollection(other.token, { name: 'Theirs' });
    expect(
      (await call(`/api/v1/collections/${theirs.id}/exports`, { method: 'POST', token: other.token, env: { EXPORTS: idle } })).status,
    ).toBe(202);
  });

  it('a restore whose upload fails leaves no run behind, and the next one starts', async () => {
    const owner = await createUser();
    const zip = zipSync({ 'notes.txt': strToU8('not an archive') });
    const short = await call('/api/v1/profile/restores', {
      method: 'POST',
      token: owner.token,
      body: zip,
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length + 10) },
      env: { ACCOUNT_RESTORES: idle },
    });
    expect(short.status).toBe(400);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM account_archives WHERE user_id = ?1').bind(owner.user.id).first<{ n: number }>())?.n,
    ).toBe(0);
    expect((await upload('/api/v1/profile/restores', owner.token, zip, 0, { ACCOUNT_RESTORES: idle })).status).toBe(202);
  });

  it('a second running run cannot even be written to the database', async () => {
    await env.DB.prepare(`INSERT INTO backups (kind, phase) VALUES ('backup', 'tables')`).run();
    await expect(env.DB.prepare(`INSERT INTO backups (kind, phase) VALUES ('restore', 'open')`).run()).rejects.toThrow(/UNIQUE/);
    const owner = await createUser();
    const other = await createUser();
    await env.DB.prepare(`INSERT INTO account_archives (user_id, kind) VALUES (?1, 'backup')`).bind(owner.user.id).run();
    await expect(
      env.DB.prepare(`INSERT INTO account_archives (user_id, kind) VALUES (?1, 'restore')`).bind(owner.user.id).run(),
    ).rejects.toThrow(/UNIQUE/);
    // Per person: another's run is written.
    await env.DB.prepare(`INSERT INTO account_archives (user_id, kind) VALUES (?1, 'restore')`).bind(other.user.id).run();
  });
});
