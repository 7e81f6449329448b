// The import boundaries of eslint.config.js, tried on one-line files: each zone must refuse its alias
// and a relative path that climbs to the same place, and let the allowed imports through.
// Run: node --test tests/lint/
import { ESLint } from 'eslint';
import assert from 'node:assert/strict';
import { test } from 'node:test';

// Only the import rule is asked; the type-aware rules would need these made-up files on disk.
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function refused(filePath, specifier) {
  const [result] = await eslint.lintText(`export * from '${specifier}';\n`, { filePath });
  return result.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

const REFUSED = [
  ['shared/zone.ts', '@worker/env'],
  ['shared/zone.ts', '../worker/src/env'],
  ['shared/import/zone.ts', '@web/lib/api-client'],
  ['shared/import/zone.ts', '../../web/src/lib/api-client'],
  ['worker/src/lib/zone.ts', '@web/lib/api-client'],
  ['worker/src/lib/zone.ts', '../../../web/src/lib/api-client'],
  ['web/src/lib/zone.ts', '@worker/env'],
  ['web/src/lib/zone.ts', '../../../worker/src/env'],
  ['web/src/components/zone.tsx', '@web/features/items/item-page'],
  ['web/src/components/zone.tsx', '../features/items/item-page'],
  ['web/src/lib/zone.ts', '@web/app/router'],
  ['web/src/i18n/zone.ts', '../app/router'],
  ['web/src/features/items/zone.tsx', '@web/features/collections/collection-page'],
  ['web/src/features/items/zone.tsx', '../collections/collection-page'],
  ['web/src/features/items/components/zone.tsx', '../../../features/collections/collection-page'],
  ['web/src/features/items/zone.tsx', '@web/app/router'],
  ['worker/src/features/lending/zone.ts', '@worker/features/items/items.routes'],
  ['worker/src/features/lending/zone.ts', '../items/items.routes'],
  ['worker/src/features/lending/zone.ts', '@worker/features/items/list/plan'],
  ['worker/src/features/lending/nested/zone.ts', '../../items/items.routes'],
  ['tests/worker/zone.test.ts', '@web/lib/api-client'],
  ['tests/web/zone.test.ts', '@worker/env'],
];

const ALLOWED = [
  ['shared/import/zone.ts', '@shared/constants'],
  ['web/src/features/items/zone.tsx', '@web/features/items/item-page'],
  ['web/src/features/items/zone.tsx', '@web/components/action-menu'],
  ['web/src/features/items/zone.tsx', '@shared/catalogue'],
  ['worker/src/features/lending/zone.ts', '@worker/features/items/items.queries'],
  ['worker/src/features/lending/zone.ts', '@worker/features/items/items.service'],
  ['worker/src/features/lending/zone.ts', '../items/items.writer'],
  ['worker/src/features/lending/zone.ts', '@worker/features/lending/lending.routes'],
  ['worker/src/features/lending/zone.ts', '@worker/lib/errors'],
  ['worker/src/features/pages/zone.ts', '@vitrine/web-render'],
  ['tests/worker/zone.test.ts', '@worker/app'],
  ['tests/web/zone.test.ts', '@web/lib/api-client'],
];

for (const [file, specifier] of REFUSED) {
  test(`${file} may not import ${specifier}`, async () => {
    assert.equal(await refused(file, specifier), true);
  });
}

for (const [file, specifier] of ALLOWED) {
  test(`${file} may import ${specifier}`, async () => {
    assert.equal(await refused(file, specifier), false);
  });
}

/** Whether the Worker's syntax rules (no-restricted-syntax) refuse `code` in `filePath`. */
async function restrictedSyntax(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.some((message) => message.ruleId === 'no-restricted-syntax');
}

// The server renderer stays out of the Worker's start: only a type import or an import() may name it.
for (const file of ['worker/src/features/pages/zone.ts', 'worker/src/features/pages/zone.routes.ts', 'worker/src/lib/zone.ts']) {
  test(`${file} may not import the server renderer at its top`, async () => {
    assert.equal(await restrictedSyntax(file, "import { renderPage } from '@vitrine/web-render';\nexport { renderPage };\n"), true);
  });
  test(`${file} may load the server renderer when it renders`, async () => {
    const code =
      "import type * as WebRender from '@vitrine/web-render';\nexport const load = (): Promise<typeof WebRender> => import('@vitrine/web-render');\n";
    assert.equal(await restrictedSyntax(file, code), false);
  });
}

// What an isolate keeps about a database goes where the worker tests can forget it (lib/per-database.ts).
for (const file of ['worker/src/features/settings/zone.ts', 'worker/src/features/pages/zone.routes.ts', 'worker/src/lib/zone.ts']) {
  test(`${file} keeps what it remembers of a database in perDatabase()`, async () => {
    assert.equal(await restrictedSyntax(file, 'export const seen = new WeakMap<D1Database, boolean>();\n'), true);
    assert.equal(await restrictedSyntax(file, 'export const seen = new WeakSet<D1Database>();\n'), true);
    assert.equal(await restrictedSyntax(file, 'export const reads = new WeakMap<Request, D1Database>();\n'), false);
    const registered = "import { perDatabase } from '@worker/lib/per-database';\nexport const seen = perDatabase<boolean>();\n";
    assert.equal(await restrictedSyntax(file, registered), false);
  });
}
