// Two suites: the API inside workerd (real D1 and R2 through miniflare) and the SPA in jsdom.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

import { mkdirSync } from 'node:fs';
import { compiledCatalogues } from './compiled-catalogues.ts';
import { dependenciesWithoutSourceMaps } from './lean-test-modules.ts';
import { freePort } from './tests/support/fake-resend.ts';
import { PATH_ALIASES } from './path-aliases.ts';
import { REACT_AS_PREACT } from './react-alias.ts';

// wrangler.toml names the SPA build as the assets directory; the API suite does not need it built.
mkdirSync(fileURLToPath(new URL('./web/dist', import.meta.url)), { recursive: true });
const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));
// The fake email provider of the worker suite (tests/worker/global-setup.ts) listens here.
process.env.FAKE_RESEND_PORT ??= String(await freePort());
// The fake outside sources (tests/support/fake-sources.ts): the only local host the guarded fetch may reach.
process.env.FAKE_SOURCES_PORT ??= String(await freePort());
const fakeSources = `127.0.0.1:${process.env.FAKE_SOURCES_PORT}`;
// The fake SMTP servers (tests/support/fake-smtp.ts), and a port where nothing listens (a refused connection).
process.env.FAKE_SMTP_PORT ??= String(await freePort());
process.env.FAKE_SMTP_SILENT_PORT ??= String(await freePort());
process.env.FAKE_SMTP_CLOSED_PORT ??= String(await freePort());
const smtpHosts = ['FAKE_SMTP_PORT', 'FAKE_SMTP_SILENT_PORT', 'FAKE_SMTP_CLOSED_PORT'].map((name) => `127.0.0.1:${process.env[name]}`);

/**
 * The API suite inside workerd, in two projects. In `worker`, each of Vitest's two workers keeps one
 * workerd for all its files (`isolate: false`) rather than starting one a file, with the Worker's modules
 * loaded once: the files' setups took more than half the suite's time (docs/benchmarks.md, "Unit
 * suites"); the setup empties the storage and the Worker's per-database memory before each file
 * (tests/worker/fresh-instance.ts). A file that starts Workflow runs goes to `worker-runs`, a workerd a
 * file as before: a run or its handover can outlive the file, and one shared workerd let a backup see
 * the previous file's work.
 */
function workerProject(name: string, isolate: boolean, include: string[], exclude: string[] = []): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest(async () => ({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
            ADMIN_PASSWORD: 'admin-password-for-tests',
            APP_URL: 'https://vitrine.test',
            EMAIL_FROM: 'Vitrine <vitrine@vitrine.test>',
            RESEND_API_KEY: 're_test_key',
            RESEND_BASE_URL: `http://127.0.0.1:${process.env.FAKE_RESEND_PORT}`,
            // Small collections then take both plans of a page with a search (features/items/list/tuning.ts).
            FETCH_ALLOW_HOSTS: [fakeSources, ...smtpHosts].join(','),
            FAKE_SMTP_PORT: process.env.FAKE_SMTP_PORT,
            FAKE_SMTP_SILENT_PORT: process.env.FAKE_SMTP_SILENT_PORT,
            FAKE_SMTP_CLOSED_PORT: process.env.FAKE_SMTP_CLOSED_PORT,
            SMTP_TIMEOUT_MS: '1500',
            BGG_BASE_URL: `http://${fakeSources}/bgg`,
            BGG_TOKEN: 'bgg-test-token',
            GOODREADS_BASE_URL: `http://${fakeSources}/goodreads`,
            FAKE_SOURCES_URL: `http://${fakeSources}`,
            METADATA_BASE_URL: `http://${fakeSources}/meta`,
            METADATA_TIMEOUT_MS: '1500',
            TMDB_API_KEY: 'tmdb-test-key',
            SOURCE_RETRY_SECONDS: '1',
            // Long runs then hand over to new Workflow instances in the tests (lib/workflow-budget.ts).
            WORKFLOW_STEPS_PER_INSTANCE: '12',
            LIST_FEW_MATCHES: '20',
            LIST_RANGE_COUNT_ROWS: '14',
            LIST_SEARCH_PROBE: '8',
            LIST_RANK_BUCKET: '4',
            LIST_RANK_SPLIT: '8',
            LIST_RANKS_FROM: '30',
            LIST_FACET_SAMPLE: '30',
            TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
            TEST_SOAK_SEEDS: process.env.TEST_SOAK_SEEDS ?? '0',
          },
        },
      })),
      // Each test file's workerd gets every module's code from Node; maps of dependencies weigh most.
      dependenciesWithoutSourceMaps,
    ],
    // The Worker's bundle takes the web app's server renderer under this name, rendering with Preact as
    // the browser does (wrangler.toml [alias], react-alias.ts).
    resolve: {
      alias: {
        ...REACT_AS_PREACT,
        ...PATH_ALIASES,
        '@vitrine/web-render': fileURLToPath(new URL('./web/src/ssr/index.ts', import.meta.url)),
      },
    },
    // React's production build, as wrangler.toml defines it: its JSX runtime has no development entry.
    oxc: { jsx: { runtime: 'automatic', development: false } },
    test: {
      name,
      isolate,
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              'lucide-react',
              'react-intl',
              'react-router-dom',
              'swr',
              'swr/mutation',
              'swr/infinite',
              'preact',
              'preact/compat',
              'preact/compat/server',
              'preact/hooks',
              'preact/jsx-runtime',
              'preact-render-to-string',
              'hono',
              'hono/factory',
              'hono/cookie',
              'hono/http-exception',
              'hono/body-limit',
              '@hono/zod-openapi',
              '@hono/zod-validator',
              'zod',
              'drizzle-orm',
              'drizzle-orm/d1',
              'drizzle-orm/sqlite-core',
              'drizzle-orm/batch',
              'fflate',
              'papaparse',
              'jose',
              'ipaddr.js',
              'ical-generator',
              'entities',
              'fast-xml-parser',
              'qrcode',
              '@zip.js/zip.js',
              'worker-mailer',
            ],
          },
        },
      },
      // A test here makes real D1, R2 and Workflow calls inside workerd: on two cores loaded by a second
      // copy of the suite one that takes 2 s when quiet can take 12 (the visibility test did) or more, so
      // the allowance is for that machine; hooks seed collections through the API and get as long.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      include,
      exclude,
      setupFiles: ['./tests/worker/apply-migrations.ts'],
    },
  };
}

/** Test files that start Workflow runs (imports, backups, exports, archives, lists of codes). */
const RUN_FILES = [
  'tests/worker/{imports,backups,exports,account-archives}/**/*.test.ts',
  'tests/worker/app/{runs-one-at-a-time,workflow-turns,visibility-outputs,security-advisories}.test.ts',
  'tests/worker/sources/{source-queues,external-modules}.test.ts',
  'tests/worker/meta/meta.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than cores: one on this project's two-core machine, which
    // left a core idle while workerd started. A worker test file waits on workerd and the module runner
    // more than it computes, so two keep both cores busy (docs/benchmarks.md, "Test suite time").
    maxWorkers: 2,
    // How long Vitest waits at the end for workerd and the fake servers of the global setup to close.
    teardownTimeout: 60_000,
    // The fake email provider, outside sources and SMTP servers of both worker projects, started once a run.
    globalSetup: ['./tests/support/fake-resend-global-setup.ts'],
    projects: [
      workerProject('worker', false, ['tests/worker/**/*.test.ts'], RUN_FILES),
      workerProject('worker-runs', true, RUN_FILES),
      {
        // The code of shared/ (import readers, values, codes) on its own, in Node: no browser to imitate.
        resolve: { alias: PATH_ALIASES },
        test: {
          name: 'shared',
          environment: 'node',
          // The import readers' seeded walks are CPU-bound: allowances for two loaded cores.
          testTimeout: 15_000,
          hookTimeout: 15_000,
          include: ['tests/shared/**/*.test.ts'],
        },
      },
      {
        // Components are tried here on React, whose API they are written to; the browser suite runs the
        // build people get, on Preact (react-alias.ts).
        // The language catalogues' modules (compiled-catalogues.ts), which outside a build hold the whole
        // catalogue; the JSON files stay strings here, as the tests read them.
        plugins: [react(), compiledCatalogues({ parseJson: false })],
        resolve: { alias: PATH_ALIASES },
        test: {
          name: 'web',
          environment: 'jsdom',
          // A worker's files share one page and the libraries' loaded modules; tests/web/setup.ts gives each
          // file an empty page and fresh app modules. 34 s instead of 91 for the project alone, and a
          // third of its CPU (docs/benchmarks.md, "Unit suites").
          isolate: false,
          // jsdom renders are CPU-bound: allowances for two cores loaded by a second copy of the suite.
          testTimeout: 15_000,
          hookTimeout: 15_000,
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: ['tests/web/**/*.preact.test.{ts,tsx}'],
          setupFiles: ['./tests/web/setup.ts'],
        },
      },
      {
        // What rests on Preact's own behaviour, where React's differs (a rendered page hydrated in turns),
        // is tried on Preact, as the browser runs it.
        resolve: { alias: { ...REACT_AS_PREACT, ...PATH_ALIASES } },
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'web-preact',
          environment: 'jsdom',
          testTimeout: 15_000,
          hookTimeout: 15_000,
          include: ['tests/web/**/*.preact.test.{ts,tsx}'],
        },
      },
    ],
  },
});
