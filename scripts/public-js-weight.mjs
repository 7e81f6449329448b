// JavaScript a visitor downloads to see a public page, in gzip bytes, read from the build's Vite manifest
// (web/dist/.vite/manifest.json; `npx vite build` first). Per page: the entry chunk and the app it starts, the route's
// chunk and every chunk they import statically. No language catalogue is loaded before the first render: English
// texts are the code's own, and a French page brings the messages it shows in its data block (HTML).
// What a French page loads once it is shown (its shell's and its screen's catalogues, for what it shows
// later) is printed beside, with `--fr`; like the service worker, it is not counted.
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

/** Each page's screen, as the build names its catalogue (compiled-catalogues.ts). */
const SCREENS = { home: 'home', collection: 'collection', item: 'item', borrow: 'item-borrow' };

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

/** The files each public page loads before its first render (the same in every language). */
export function publicPageFiles({ distDir = 'web/dist' } = {}) {
  const manifest = readManifest(distDir);
  // The page's own script (the language catalogues are entries of the build too).
  if (!manifest['index.html']?.isEntry) throw new Error('no entry chunk for index.html in the Vite manifest');
  const shell = staticClosure(manifest, 'index.html');
  // The entry only starts the app (web/src/boot.ts): what it imports is loaded by every page.
  for (const started of manifest['index.html'].dynamicImports ?? []) staticClosure(manifest, started, shell);
  return Object.fromEntries(
    Object.entries(PUBLIC_PAGES).map(([page, route]) => [page, [...staticClosure(manifest, route, new Set(shell))]]),
  );
}

/** The catalogue files a page in `language` loads once shown: none in English. */
export function laterCatalogueFiles({ distDir = 'web/dist', language = 'en' } = {}) {
  const manifest = readManifest(distDir);
  return Object.fromEntries(
    Object.entries(SCREENS).map(([page, screen]) => {
      const keys = language === 'en' ? [] : [`../vitrine:messages-${language}`, `../vitrine:messages-${language}-${screen}`];
      return [page, keys.map((key) => manifest[key]?.file).filter(Boolean)];
    }),
  );
}

function gzipSizes(distDir) {
  const sizes = new Map();
  return (files) =>
    files.reduce((sum, file) => {
      if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(`${distDir}/${file}`), { level: 9 }).length);
      return sum + sizes.get(file);
    }, 0);
}

/** Gzip bytes of the JavaScript each public page loads before its first render: { home, collection, item, borrow }. */
export function publicJsWeight({ distDir = 'web/dist' } = {}) {
  const weigh = gzipSizes(distDir);
  return Object.fromEntries(Object.entries(publicPageFiles({ distDir })).map(([page, files]) => [page, weigh(files)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const language = process.argv.includes('--fr') ? 'fr' : 'en';
  const weights = publicJsWeight();
  const later = laterCatalogueFiles({ language });
  const weigh = gzipSizes('web/dist');
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(weights));
  } else {
    const files = process.argv.includes('--files') ? publicPageFiles() : null;
    for (const [page, bytes] of Object.entries(weights)) {
      const over = bytes > PUBLIC_PAGE_BUDGET_BYTES ? '   OVER BUDGET' : '';
      const then = later[page].length > 0 ? `   then ${(weigh(later[page]) / 1024).toFixed(1)} KiB of ${language} messages once shown` : '';
      console.log(`${page.padEnd(11)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB gzip   budget < 100 KiB${over}${then}`);
      if (files) for (const file of [...files[page], ...later[page]]) console.log(`    ${file}`);
    }
  }
  if (Object.values(weights).some((bytes) => bytes > PUBLIC_PAGE_BUDGET_BYTES)) process.exitCode = 1;
}
