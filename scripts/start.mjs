// `npm start`: runs Vitrine locally at http://127.0.0.1:8787 (PORT overrides), offline, with D1 and R2
// state in .wrangler/state. On first start it writes .dev.vars with a generated admin password (printed
// once) and a signing secret.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { applyMigrations, buildWeb, startWorker } from './local-runtime.mjs';

const port = Number(process.env.PORT ?? 8787);
const varsFile = '.dev.vars';

function readVars() {
  if (!existsSync(varsFile)) return {};
  return Object.fromEntries(
    readFileSync(varsFile, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const vars = readVars();
let generatedPassword = null;
if (process.env.ADMIN_PASSWORD) vars.ADMIN_PASSWORD = process.env.ADMIN_PASSWORD;
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

buildWeb();
applyMigrations('.wrangler/state');

console.log(`\nVitrine runs at http://127.0.0.1:${port}`);
if (generatedPassword) {
  console.log(`Built-in administrator: admin / ${generatedPassword}`);
  console.log('(generated now and printed once; it is kept in .dev.vars as ADMIN_PASSWORD)\n');
} else {
  console.log('Built-in administrator: admin, with the password in .dev.vars (ADMIN_PASSWORD).');
  console.log('It is used when the account is first created; later changes are made in My profile.\n');
}

startWorker({ port, persistTo: '.wrangler/state' });
