import { env } from 'cloudflare:test';

// Storage is isolated per test file; each file starts from the migrated, empty database. The migrations go
// to D1 as one batch (one transaction, one round trip) rather than one batch a migration as
// applyD1Migrations sends them; they leave the same tables and the same d1_migrations rows, the table
// wrangler keeps (backups name the newest row, backups.steps.ts).
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
