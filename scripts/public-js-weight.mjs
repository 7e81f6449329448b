// JavaScript a visitor downloads to see a public page, in gzip bytes, read from the build's Vite manifest
// (web/dist/.vite/manifest.json; `npx vite build` first). Per page: the entry chunk and the app it starts, the route's chunk,
// every chunk they import statically, and the language catalogue the entry loads before the first render.
// The service worker is fetched after the page has shown, so it is not counted.
// `node scripts/public-js-weight.mjs` prints a table; `-- --json` the object; `-- --files` each page's files.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The screens a visitor reaches from a shared link: their route modules, as the manifest names them. */
export const PUBLIC_PAGES = {
  home: 'src/app/routes/home.tsx',
  collection: 'src/app/routes/collection.tsx',
  item: 'src/app/routes/item.tsx',
  borrow: 'src/app/routes/item-borrow.tsx',
};

/** Pages over this weigh too much for a phone on a slow network. */
export const PUBLIC_PAGE_BUDGET_BYTES = 100 * 1024;

const CATALOGUES = { en: 'src/i18n/en.json', fr: 'src/i18n/fr.json' };

function readManifest(distDir) {
  try {
    return JSON.parse(readFileSync(`${distDir}/.vite/manifest.json`, 'utf8'));
  } catch (error) {
    throw new Error(`no Vite manifest in ${distDir}/.vite (run \`npx vite build\` first)`, { cause: error });
  }
}

/** Every chunk a module pulls in before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The files each public page loads, for the given interface language. */
export function publicPageFiles({ distDir = 'web/dist', language = 'en' } = {}) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const shell = staticClosure(manifest, entryKey);
  // The entry only starts the app (web/src/boot.ts): what it imports is loaded by every page.
  for (const started of manifest[entryKey].dynamicImports ?? []) staticClosure(manifest, started, shell);
  // English texts are the code's default messages: no English catalogue is built, so none is counted.
  if (manifest[CATALOGUES[language]]) staticClosure(manifest, CATALOGUES[language], shell);
  return Object.fromEntries(
    Object.entries(PUBLIC_PAGES).map(([page, route]) => [page, [...staticClosure(manifest, route, new Set(shell))]]),
  );
}

/** Gzip bytes of the JavaScript each public page loads: { home, collection, item, borrow }. */
export function publicJsWeight({ distDir = 'web/dist', language = 'en' } = {}) {
  const sizes = new Map();
  const gzipBytes = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(`${distDir}/${file}`), { level: 9 }).length);
    return sizes.get(file);
  };
  const pages = publicPageFiles({ distDir, language });
  return Object.fromEntries(Object.entries(pages).map(([page, files]) => [page, files.reduce((sum, file) => sum + gzipBytes(file), 0)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const language = process.argv.includes('--fr') ? 'fr' : 'en';
  const weights = publicJsWeight({ language });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(weights));
  } else {
    const files = process.argv.includes('--files') ? publicPageFiles({ language }) : null;
    for (const [page, bytes] of Object.entries(weights)) {
      const over = bytes > PUBLIC_PAGE_BUDGET_BYTES ? '   OVER BUDGET' : '';
      console.log(`${page.padEnd(11)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB gzip   budget < 100 KiB${over}`);
      if (files) for (const file of files[page]) console.log(`    ${file}`);
    }
  }
  if (Object.values(weights).some((bytes) => bytes > PUBLIC_PAGE_BUDGET_BYTES)) process.exitCode = 1;
}
