// `npm start`: runs Vitrine locally at http://127.0.0.1:8787 (PORT overrides), offline, with D1 and R2
// state in .wrangler/state. On first start it writes .dev.vars with a generated admin password (printed
// once) and a signing secret. Settings given in the environment (DEMO_MODE=true npm start) win over
// .dev.vars for that run and are not written to it.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { applyMigrations, buildWeb, localSettings, readDevVars, startWorker, WORKER_SETTINGS } from './local-runtime.mjs';

const port = Number(process.env.PORT ?? 8787);
const varsFile = '.dev.vars';

const vars = readDevVars(varsFile);
let generatedPassword = null;
// Kept on first start, so that later starts print where the password of the existing admin is.
if (!vars.ADMIN_PASSWORD && process.env.ADMIN_PASSWORD) vars.ADMIN_PASSWORD = process.env.ADMIN_PASSWORD;
if (!vars.ADMIN_PASSWORD) {
  generatedPassword = randomBytes(12).toString('base64url');
  vars.ADMIN_PASSWORD = generatedPassword;
}
vars.APP_SECRET ||= randomBytes(32).toString('base64url');
vars.APP_URL ||= `http://127.0.0.1:${port}`;
writeFileSync(
  varsFile,
  `# Local settings of npm start (see .dev.vars.example). Not committed.\n${Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')}\n`,
);
const settings = localSettings(vars);
const fromEnvironment = WORKER_SETTINGS.filter((name) => process.env[name] !== undefined);

buildWeb();
applyMigrations('.wrangler/state');

console.log(`\nVitrine runs at http://127.0.0.1:${port}`);
if (fromEnvironment.length > 0) console.log(`Taken from the environment: ${fromEnvironment.join(', ')}`);
if (settings.DEMO_MODE === 'true') console.log('Demo mode: nothing can be changed; demo / demo signs in.');
if (generatedPassword) {
  console.log(`Built-in administrator: admin / ${generatedPassword}`);
  console.log('(generated now and printed once; it is kept in .dev.vars as ADMIN_PASSWORD)\n');
} else {
  console.log('Built-in administrator: admin, with the password in .dev.vars (ADMIN_PASSWORD).');
  console.log('It is used when the account is first created; later changes are made in My profile.\n');
}

startWorker({ port, persistTo: '.wrangler/state', settings });
