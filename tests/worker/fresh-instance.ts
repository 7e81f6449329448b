// An empty instance for the next test file: in the `worker` project one workerd runs many files, one
// after the other (vitest.config.ts, `isolate: false`), and each starts from an empty, migrated
// database, an empty bucket and a Worker that remembers nothing of the previous file's database.
import { env } from 'cloudflare:test';
import { forgetDatabase } from '@worker/lib/per-database';

/** Drops every table and view (a virtual table takes its shadow tables with it) and every stored file. */
async function emptyStorage(): Promise<void> {
  const schema = await env.DB.prepare(
    "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
  ).all<{ type: string; name: string; sql: string | null }>();
  const virtual = schema.results.filter((row) => row.sql?.startsWith('CREATE VIRTUAL')).map((row) => row.name);
  const dropped = schema.results.filter(
    (row) => (row.type === 'table' || row.type === 'view') && row.sql && !virtual.some((name) => row.name.startsWith(`${name}_`)),
  );
  if (dropped.length > 0) {
    await env.DB.batch([
      env.DB.prepare('PRAGMA defer_foreign_keys = on'),
      ...dropped.map((row) => env.DB.prepare(`DROP ${row.type === 'view' ? 'VIEW' : 'TABLE'} IF EXISTS "${row.name}"`)),
    ]);
  }
  for (;;) {
    const listed = await env.MEDIA.list({ limit: 1000 });
    if (listed.objects.length === 0) break;
    await env.MEDIA.delete(listed.objects.map((object) => object.key));
  }
}

/**
 * The migrations go to D1 as one batch (one transaction, one round trip) rather than one batch a migration
 * as applyD1Migrations sends them; they leave the same tables and the same d1_migrations rows, the table
 * wrangler keeps (backups name the newest row, backups.steps.ts).
 */
async function migrate(): Promise<void> {
  const statements = [
    env.DB.prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    ),
  ];
  const recorded = env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)');
  for (const migration of env.TEST_MIGRATIONS) {
    statements.push(...migration.queries.map((query) => env.DB.prepare(query)), recorded.bind(migration.name));
  }
  await env.DB.batch(statements);
}

/** Empties the database and the bucket, migrates, and makes the Worker read the database afresh. */
export async function freshInstance(): Promise<void> {
  await emptyStorage();
  await migrate();
  forgetDatabase(env.DB);
}
