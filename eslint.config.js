// Lint for the whole repository. Besides the recommended rules, it enforces which way imports go:
// shared/ is the contract and imports neither side; web/ and worker/ never import each other;
// a web feature never imports another feature; web's shared layers (components, lib, i18n) never
// import features or the app shell. A worker feature uses another only through its public files:
// <name>.queries.ts (reads), <name>.service.ts (writes and logic) and items.writer.ts (the item write
// path); routes, jobs, emails and helpers stay inside their feature. Each boundary holds for the path
// aliases and for relative paths: tests/lint/import-zones.test.mjs tries them one by one.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const featuresDir = new URL('./web/src/features/', import.meta.url);
const workerFeaturesDir = new URL('./worker/src/features/', import.meta.url);

function featureNames(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each zone is refused under its alias (@worker/…) and as a relative path that climbs to it.
const noWorker = { regex: '^(@worker|(\\.\\./)+worker)(/|$)', message: 'web/ and shared/ must not import worker/.' };
const noWeb = { regex: '^(@web|(\\.\\./)+web)(/|$)', message: 'worker/ and shared/ must not import web/.' };
const noFeatures = {
  regex: '^(@web/features|(\\.\\./)+features)(/|$)',
  message: 'Shared web code (components, lib, i18n) must not import features.',
};
// Past one folder up, an import goes through its alias (scripts/alias-imports.mjs rewrites them), so the
// relative paths left are short enough for the patterns here to see where they lead.
const noFarClimb = {
  regex: '^(\\.\\./){2,}',
  message: 'Import through @shared/, @worker/ or @web/ instead of climbing two folders or more.',
};
const noApp = { regex: '^(@web/app|(\\.\\./)+app)(/|$)', message: 'Only the app shell imports itself.' };

// The web app's server renderer is imported only where a page is rendered, through loadWebRender()
// (worker/src/features/pages/load-web-render.ts): at a module's top it would load with the whole Worker.
const lazyRenderer = {
  selector: "ImportDeclaration[importKind!='type'][source.value='@vitrine/web-render']",
  message: 'Load the server renderer with loadWebRender() where a page is rendered, not at the top of a module.',
};

// What an isolate keeps about a database goes in perDatabase() (worker/src/lib/per-database.ts): the worker
// tests empty the database under a running isolate and forget it all in one call.
const perDatabaseMemory = {
  selector:
    "NewExpression[callee.name=/^Weak(Map|Set)$/] > TSTypeParameterInstantiation > TSTypeReference:first-child[typeName.name='D1Database']",
  message: 'Keep what an isolate remembers about a database in perDatabase() (lib/per-database.ts), so forgetDatabase() reaches it.',
};

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/** Inside features/<name>/, a path that climbs out and into another feature is refused. */
function webFeatures() {
  return featureNames(featuresDir);
}

/** Inside worker/src/features/<name>/, only another feature's public files may be imported. */
function workerFeatureBlocks() {
  return featureNames(workerFeaturesDir).map((feature) => ({
    files: [`worker/src/features/${feature}/**/*.ts`],
    rules: restrict(noFarClimb, noWeb, {
      regex: `^(@worker/features/|(\\.\\./)+features/|\\.\\./)(?!${escape(feature)}/)[a-z0-9-]+/(?![a-z0-9-]+\\.(queries|service)(\\.ts)?$)(?!items\\.writer(\\.ts)?$).+$`,
      message: `Feature "${feature}" may use another worker feature only through its .queries.ts or .service.ts (or items.writer.ts).`,
    }),
  }));
}

function featureBlocks() {
  const features = webFeatures();
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature).map(escape);
    const patterns = [noFarClimb, noWorker, noApp];
    if (others.length > 0) {
      patterns.push({
        regex: `^(@web/features/|(\\.\\./)+(features/)?)(${others.join('|')})(/|$)`,
        message: `Feature "${feature}" must not import another feature; move shared code to components/ or lib/.`,
      });
    }
    return { files: [`web/src/features/${feature}/**/*.{ts,tsx}`], rules: restrict(...patterns) };
  });
}

export default defineConfig(
  {
    ignores: ['node_modules/', 'web/dist/', '.wrangler/', 'test-results/', 'playwright-report/', 'coverage/', '.bench/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      '*.{js,mjs,cjs,ts}',
      'scripts/**/*.{js,mjs,cjs,ts}',
      'tests/e2e/**/*.{js,mjs,ts}',
      'tests/support/**/*.{js,mjs,ts}',
      'tests/shared/**/*.ts',
      'tests/lint/**/*.mjs',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['worker/**/*.ts', 'tests/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Type-aware rules: a promise nobody awaits loses its error, a promise where a plain value is expected
  // (an event handler, a condition) is always truthy, and a switch must name every case of its union.
  {
    files: ['worker/**/*.ts', 'web/**/*.{ts,tsx}', 'shared/**/*.ts', 'tests/worker/**/*.ts', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A default case is a deliberate answer for the rest of a union (an unknown type gets a generic icon).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },

  // Import direction. Later blocks win for the same files, so each area lists all of its rules.
  { files: ['shared/**/*.ts'], rules: restrict(noFarClimb, noWorker, noWeb) },
  { files: ['tests/shared/**/*.ts'], rules: restrict(noWorker, noWeb) },
  {
    files: ['worker/**/*.ts'],
    rules: { ...restrict(noFarClimb, noWeb), 'no-restricted-syntax': ['error', lazyRenderer, perDatabaseMemory] },
  },
  { files: ['tests/worker/**/*.ts'], rules: restrict(noWeb) },
  { files: ['web/**/*.{ts,tsx}'], rules: restrict(noFarClimb, noWorker) },
  { files: ['tests/web/**/*.{ts,tsx}'], rules: restrict(noWorker) },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/i18n/**/*.{ts,tsx}'],
    rules: restrict(noFarClimb, noWorker, noFeatures, noApp),
  },
  ...featureBlocks(),
  ...workerFeatureBlocks(),
  // A route file validates, checks the caller and shapes the answer; its SQL lives in the feature's
  // .queries.ts (reads) and .service.ts (writes), where it can be read and reused as one.
  {
    files: ['worker/src/features/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        lazyRenderer,
        perDatabaseMemory,
        ...['drizzle-orm', '/db/schema'].map((source) => ({
          selector: `ImportDeclaration[importKind!='type'][source.value=/${escape(source).replace(/\//g, '\\/')}$/]`,
          message: 'A route file holds no SQL: move the query to <feature>.queries.ts or the write to <feature>.service.ts.',
        })),
        {
          selector:
            "CallExpression[callee.property.name=/^(prepare|batch|select|insert|update|delete|run)$/][callee.object.property.name='DB']",
          message: 'A route file holds no SQL: move the query to <feature>.queries.ts or the write to <feature>.service.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|select|insert|update|delete)$/][callee.object.name=/^(db|d1)$/]',
          message: 'A route file holds no SQL: move the query to <feature>.queries.ts or the write to <feature>.service.ts.',
        },
      ],
    },
  },
);
