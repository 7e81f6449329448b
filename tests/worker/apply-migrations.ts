import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { vi } from 'vitest';

// Test files share a workerd process (isolate: false in vitest.config.ts). Each still starts as if alone:
// the app's modules are evaluated afresh (their per-isolate caches, such as the built-in accounts check,
// would otherwise outlive the data they describe), and every binding's storage is emptied, then migrated.
vi.resetModules();
// A file that failed midway may have left fake clocks, stubbed globals or spies behind.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
