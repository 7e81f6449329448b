// Shared by `npm start`, `npm run dev` and the browser suite: applies migrations to a local state folder
// and starts `wrangler dev` (workerd with local D1 and R2 on disk). No Cloudflare account is involved.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const localEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

const wrangler = ['node_modules/wrangler/bin/wrangler.js'];

/**
 * Brings the local D1 in `persistTo` to the latest migration. A state with no database yet (the browser
 * suite's, a first start) gets every migration in one file through `wrangler d1 execute`, with the
 * d1_migrations rows `wrangler d1 migrations apply` would write: the same tables and rows, in a few
 * seconds where applying them one by one took 16 to 34 s (docs/benchmarks.md, "Test suite time").
 * A state that has a database gets the migrations it lacks from `wrangler d1 migrations apply`.
 */
export function applyMigrations(persistTo) {
  const fresh = !existsSync(join(persistTo, 'v3', 'd1'));
  let args = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo];
  let folder;
  if (fresh) {
    const names = readdirSync('migrations')
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const sql = [
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);',
      ...names.flatMap((name) => [
        readFileSync(join('migrations', name), 'utf8').trimEnd(),
        `INSERT INTO d1_migrations (name) VALUES ('${name}');`,
      ]),
    ].join('\n');
    folder = mkdtempSync(join(tmpdir(), 'vitrine-migrations-'));
    writeFileSync(join(folder, 'all.sql'), sql);
    args = ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', join(folder, 'all.sql')];
  }
  const result = spawnSync(process.execPath, [...wrangler, ...args], {
    env: { ...localEnv, CI: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (folder) rmSync(folder, { recursive: true, force: true });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    throw new Error('applying migrations failed');
  }
}

export function buildWeb() {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: localEnv,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the web app failed');
}

/** Every setting the Worker reads (worker/src/env.ts), apart from its bindings. */
export const WORKER_SETTINGS = [
  'ADMIN_PASSWORD',
  'APP_SECRET',
  'APP_URL',
  'RESEND_API_KEY',
  'RESEND_BASE_URL',
  'EMAIL_FROM',
  'DEMO_MODE',
  'EXPOSE_D1_METRICS',
];

/** NAME=value lines of a .dev.vars file ({} when there is none). */
export function readDevVars(file = '.dev.vars') {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** The settings a run uses: those given in the environment win over the file's (docs/guide/configuration.md). */
export function localSettings(fileVars, env = process.env) {
  const fromEnvironment = Object.fromEntries(WORKER_SETTINGS.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
  return { ...fileVars, ...fromEnvironment };
}

/** One line of a .env file that wrangler reads back unchanged. */
function envFileLine(name, value) {
  // wrangler expands $NAME in .env files; a backslash keeps a dollar sign as it is.
  const text = String(value).replaceAll('$', '\\$');
  const quote = ["'", '`', '"'].find((q) => !text.includes(q));
  if (!quote || /[\r\n]/.test(text))
    throw new Error(`${name} cannot be passed to wrangler dev: it mixes every kind of quote or spans lines`);
  return `${name}=${quote}${text}${quote}`;
}

/**
 * Writes the settings where only this user can read them and returns the path. They reach wrangler as an
 * env file rather than as --var flags, which would show secrets in the process list and in wrangler's
 * start-up table; wrangler then reads this file instead of .dev.vars.
 */
function writeSettingsFile(persistTo, settings) {
  mkdirSync(persistTo, { recursive: true });
  const file = join(persistTo, 'worker-settings.env');
  const lines = Object.entries(settings).map(([name, value]) => envFileLine(name, value));
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * Starts wrangler dev and returns the child process. `settings` (when given) are all the Worker gets
 * besides wrangler.toml's [vars]; `vars` override both. `exitWithWorker`: end this process when wrangler
 * ends (scripts), not when a test stops it.
 */
export function startWorker({
  port,
  persistTo,
  inspectorPort,
  settings,
  vars = {},
  stdio = 'inherit',
  extraArgs = [],
  detached = false,
  exitWithWorker = true,
}) {
  const args = [
    ...wrangler,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    ...(inspectorPort ? ['--inspector-port', String(inspectorPort)] : []),
    ...(settings ? ['--env-file', writeSettingsFile(persistTo, settings)] : []),
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ...extraArgs,
  ];
  // detached: its own process group, so stopWorker() ends wrangler and the workerd processes it started.
  const child = spawn(process.execPath, args, { env: localEnv, stdio, detached });
  if (exitWithWorker) {
    const stop = () => (detached ? stopWorker(child) : child.kill('SIGTERM'));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    child.on('exit', (code) => process.exit(code ?? 0));
  }
  return child;
}

export function stopWorker(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}
