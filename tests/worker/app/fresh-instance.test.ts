// The worker project runs many files in one workerd (vitest.config.ts, `isolate: false`): what one file
// leaves must not reach the next. freshInstance() (tests/worker/fresh-instance.ts), which the setup runs
// before each file, is tried here on a used instance.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN, call, createUser, signIn } from '../../support/worker-app';
import { freshInstance } from '../fresh-instance';

const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

async function publicName(): Promise<string> {
  const res = await call('/api/v1/settings');
  expect(res.status).toBe(200);
  return ((await res.json()) as { instanceName: string }).instanceName;
}

describe('a fresh instance for each test file', () => {
  it('starts from an empty, migrated database and bucket, and a Worker that remembers none of it', async () => {
    const owner = await createUser();
    const made = await call('/api/v1/collections', { method: 'POST', token: owner.token, json: { name: 'Left behind', type: 'books' } });
    expect(made.status).toBe(201);
    const rename = await call('/api/v1/config/settings', {
      method: 'PATCH',
      token: await signIn(ADMIN.login, ADMIN.password),
      json: { instanceName: 'Left behind' },
    });
    expect(rename.status).toBe(200);
    expect(await publicName()).toBe('Left behind');
    await env.MEDIA.put('collections/1/left-behind.png', new Uint8Array([1, 2, 3]));

    await freshInstance();

    expect(await count('SELECT count(*) AS n FROM collections')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM d1_migrations')).toBe(env.TEST_MIGRATIONS.length);
    expect((await env.MEDIA.list()).objects).toEqual([]);
    // The Worker's copy of the settings is gone with the row, and the administrator is made again.
    expect(await publicName()).toBe('Vitrine');
    const again = await createUser();
    expect(await count('SELECT count(*) AS n FROM users')).toBe(2);
    // Ids start over, and the search index works on the new tables.
    const shelf = await call('/api/v1/collections', { method: 'POST', token: again.token, json: { name: 'Fresh shelf', type: 'books' } });
    expect(((await shelf.json()) as { id: number }).id).toBe(1);
    const item = await call('/api/v1/collections/1/items', { method: 'POST', token: again.token, json: { values: { title: 'Dune' } } });
    expect(item.status).toBe(201);
    const found = await call('/api/v1/collections/1/items?q=dune', { token: again.token });
    expect(((await found.json()) as { items: unknown[] }).items).toHaveLength(1);
  });
});
