#!/usr/bin/env node
// Catalogue checks for CI:
// 1. en.json is extracted from the code: re-extract to a temporary file and fail on any drift.
// 2. fr.json translates exactly en.json's keys, with the same ICU placeholders.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const catalogues = join(root, 'web', 'src', 'i18n');
const formatjs = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'formatjs.cmd' : 'formatjs');

const problems = [];

function readCatalogue(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${path}: cannot be read as JSON (${error.message})`);
    return {};
  }
}

/** Placeholders of an ICU message as sorted "name:kind" entries, nested options included. */
function placeholders(message) {
  const found = new Set();
  const kinds = {
    [TYPE.argument]: 'argument',
    [TYPE.number]: 'number',
    [TYPE.date]: 'date',
    [TYPE.time]: 'time',
    [TYPE.select]: 'select',
    [TYPE.plural]: 'plural',
    [TYPE.tag]: 'tag',
  };
  const walk = (elements) => {
    for (const element of elements) {
      const kind = kinds[element.type];
      if (kind) found.add(`${element.value}:${kind}`);
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

// 1. Drift between the code and en.json.
const temp = mkdtempSync(join(tmpdir(), 'vitrine-i18n-'));
const extracted = join(temp, 'en.json');
try {
  const result = spawnSync(
    formatjs,
    [
      'extract',
      'web/src/**/*.{ts,tsx}',
      '--ignore',
      '**/*.d.ts',
      '--out-file',
      extracted,
      '--format',
      'simple',
      '--id-interpolation-pattern',
      '[sha512:contenthash:base64:6]',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    problems.push(`formatjs extract failed:\n${result.stderr || result.stdout || result.error}`);
  } else {
    const fresh = readCatalogue(extracted);
    const committed = readCatalogue(join(catalogues, 'en.json'));
    for (const id of Object.keys(fresh)) {
      if (!(id in committed)) problems.push(`en.json lacks "${id}" (run npm run i18n:extract)`);
      else if (committed[id] !== fresh[id]) problems.push(`en.json has an outdated text for "${id}" (run npm run i18n:extract)`);
    }
    for (const id of Object.keys(committed)) {
      if (!(id in fresh)) problems.push(`en.json has "${id}", which the code no longer uses (run npm run i18n:extract)`);
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

// 2. fr.json against en.json.
const en = readCatalogue(join(catalogues, 'en.json'));
const fr = readCatalogue(join(catalogues, 'fr.json'));
for (const [id, source] of Object.entries(en)) {
  if (!(id in fr)) {
    problems.push(`fr.json lacks "${id}"`);
    continue;
  }
  try {
    const expected = placeholders(source).join(', ');
    const actual = placeholders(fr[id]).join(', ');
    if (expected !== actual) problems.push(`fr.json "${id}" has placeholders [${actual}], en.json has [${expected}]`);
  } catch (error) {
    problems.push(`"${id}" is not a valid ICU message (${error.message})`);
  }
}
for (const id of Object.keys(fr)) {
  if (!(id in en)) problems.push(`fr.json has "${id}", which en.json does not have`);
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${Object.keys(en).length} messages in en.json and fr.json.`);
