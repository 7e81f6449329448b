// Shared by `npm start` and the browser suite: applies migrations to a local state folder and starts
// `wrangler dev` (workerd with local D1 and R2 on disk). No Cloudflare account is involved.
import { spawn, spawnSync } from 'node:child_process';

export const localEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

const wrangler = ['node_modules/wrangler/bin/wrangler.js'];

export function applyMigrations(persistTo) {
  const result = spawnSync(
    process.execPath,
    [...wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
    { env: { ...localEnv, CI: 'true' }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
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

/** Starts wrangler dev; `vars` override .dev.vars and wrangler.toml. Returns the child process. */
export function startWorker({ port, persistTo, inspectorPort, vars = {}, stdio = 'inherit', extraArgs = [], detached = false }) {
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
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ...extraArgs,
  ];
  // detached: its own process group, so stopWorker() ends wrangler and the workerd processes it started.
  const child = spawn(process.execPath, args, { env: localEnv, stdio, detached });
  const stop = () => (detached ? stopWorker(child) : child.kill('SIGTERM'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

export function stopWorker(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}
