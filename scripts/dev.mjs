// `npm run dev`: the Worker under wrangler dev (port 8787, reloads on change) and the SPA under Vite's
// dev server (port 5173, hot reload, proxying /api and /media to the Worker). Open http://127.0.0.1:5173.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { applyMigrations, localEnv, localSettings, readDevVars, startWorker } from './local-runtime.mjs';

if (!existsSync('.dev.vars')) {
  console.error('Run `npm start` once first: it creates .dev.vars with the admin password and secret.');
  process.exit(1);
}
mkdirSync('web/dist', { recursive: true });
applyMigrations('.wrangler/state');
// Settings given in the environment win over .dev.vars, as with npm start.
startWorker({ port: 8787, persistTo: '.wrangler/state', settings: localSettings(readDevVars()) });
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], {
  env: localEnv,
  stdio: 'inherit',
});
process.on('exit', () => vite.kill('SIGTERM'));
