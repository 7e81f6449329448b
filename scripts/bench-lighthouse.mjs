// `npm run bench -- --lighthouse`: Lighthouse's mobile preset (slow 4G, CPU slowed down 4×, simulated)
// on the pages a visitor opens directly, against the bench's own Worker: a public collection of 2,000
// books open to borrowing, with covers in R2. Each page is measured RUNS times; the medians of the
// performance score, FCP, LCP and TBT are reported, for an English and a French visitor, with the API
// requests the page made and the gzip size of the JavaScript it loaded. The collection page's JavaScript is also the public JS weight.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { coverKey, publicShelfSql } from './bench-seed.mjs';
import { pageMedians, runFigures } from './bench-lighthouse-figures.mjs';
import { localEnv } from './local-runtime.mjs';

export const PUBLIC_SHELF_ITEMS = 2_000;
// Five, as Lighthouse's notes on variability advise: on this two-core machine one page's blocking time
// moved from 91 to 340 ms between three runs of the same build, and a median of three still moved by 100.
const RUNS = 5;
const ITEM = 1_000_001;
/** The targets of the public pages (the issue "first paint"). */
export const LIGHTHOUSE_TARGETS = { performance: 95, lcpMs: 1500, tbtMs: 100, publicJsGzipKiB: 100, d1RoundTrips: 5 };

/** The pages, each opened directly (a fresh load, as from a shared link). */
const PAGES = [
  ['collection', '/collection/1'],
  ['item', `/collection/1/item/${ITEM}`],
  ['borrow', `/collection/1/item/${ITEM}/borrow`],
];
/** The pages whose Worker time and D1 trips are measured: the home page too. */
const SERVER_PAGES = [['home', '/'], ...PAGES];
/**
 * Each page as an English and as a French visitor opens it: a phone set to French asks for it
 * (Accept-Language), and the Worker renders it in French with the messages it shows.
 */
const LANGUAGES = [
  ['', 'en-US,en;q=0.9'],
  ['-fr', 'fr-FR,fr;q=0.9'],
];

const wrangler = (args) => {
  const result = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args], {
    env: { ...localEnv, CI: 'true' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed:\n${result.stderr}\n${result.stdout?.slice(-2000)}`);
};

/**
 * Seeds `state` (migrated, Worker stopped) with the public collection, and puts its covers in local R2:
 * each original with its thumbnails (the Worker reads them at `${key}.thumb` and `${key}.small`,
 * worker/src/lib/media.ts), as
 * made by makeCovers() beforehand (covers: its answer).
 */
export function seedPublicShelf({ state, adminPassword, covers }) {
  mkdirSync('.bench/covers', { recursive: true });
  writeFileSync('.bench/public-shelf.sql', publicShelfSql({ adminPassword, size: PUBLIC_SHELF_ITEMS }));
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', '.bench/public-shelf.sql']);
  const originals = [];
  const thumbnails = [];
  covers.forEach(({ original, thumbnail, small }, i) => {
    writeFileSync(`.bench/covers/cover-${i}.jpg`, original);
    writeFileSync(`.bench/covers/cover-${i}.thumb.webp`, thumbnail);
    writeFileSync(`.bench/covers/cover-${i}.small.webp`, small);
    originals.push({ key: coverKey(1, i), file: `.bench/covers/cover-${i}.jpg` });
    thumbnails.push({ key: `${coverKey(1, i)}.thumb`, file: `.bench/covers/cover-${i}.thumb.webp` });
    thumbnails.push({ key: `${coverKey(1, i)}.small`, file: `.bench/covers/cover-${i}.small.webp` });
  });
  for (const [pairs, type] of [
    [originals, 'image/jpeg'],
    [thumbnails, 'image/webp'],
  ]) {
    writeFileSync('.bench/covers.json', JSON.stringify(pairs));
    wrangler(['r2', 'bulk', 'put', 'vitrine-media', '--local', '--persist-to', state, '--filename', '.bench/covers.json', '--ct', type]);
  }
}

/** The gzip size of each script the pages load, fetched once: the local server does not compress. */
function gzipSizes() {
  const known = new Map();
  return (url) => {
    if (!known.has(url)) {
      known.set(
        url,
        (async () => {
          const res = await fetch(url);
          if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
          return gzipSync(Buffer.from(await res.arrayBuffer())).length;
        })(),
      );
    }
    return known.get(url);
  };
}

const SERVER_RUNS = 15;

/**
 * What the Worker spends on each page: SERVER_RUNS requests of its rendered HTML (a first load) and of
 * its GET /screen (the same screen reached inside the app), one at a time; the p50 of the time to the
 * last byte, and the D1 queries and rows read of the API requests the page is made of. Locally D1 is
 * SQLite in the Worker's own process, so the time is the Worker's CPU and D1's together.
 */
async function serverFigures(base) {
  const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const measure = async (url) => {
    const times = [];
    let counts = null;
    for (let i = 0; i < SERVER_RUNS; i += 1) {
      const start = performance.now();
      const res = await fetch(url, { headers: { 'x-measure-d1': '1' } });
      await res.arrayBuffer();
      times.push(performance.now() - start);
      if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
      counts = {
        roundTrips: Number(res.headers.get('X-D1-Round-Trips')),
        queries: Number(res.headers.get('X-D1-Queries')),
        rowsRead: Number(res.headers.get('X-D1-Rows-Read')),
      };
    }
    return { p50Ms: Math.round(p50(times) * 10) / 10, ...counts };
  };
  const out = [];
  for (const [name, path] of SERVER_PAGES) {
    out.push({
      name,
      path,
      page: await measure(`${base}${path}`),
      screen: await measure(`${base}/api/v1/screen?path=${encodeURIComponent(path)}`),
    });
  }
  return out;
}

/** Runs Lighthouse RUNS times on each page; answers the medians per page and the public JS weight. */
export async function lighthouseScenario({ base, log }) {
  // The Worker's first answers (its isolate starting, D1 warming up) are not what a visitor waits for.
  for (const [, path] of PAGES) await (await fetch(`${base}${path}`)).arrayBuffer();
  await (await fetch(`${base}/api/v1/collections/1/items?perPage=50`)).arrayBuffer();
  log("The Worker's time and D1 queries per page…");
  const server = await serverFigures(base);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // No sandbox: the bench may run as root in a container, where Chromium's sandbox cannot start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const gzipOf = gzipSizes();
  try {
    const pages = [];
    for (const [suffix, acceptLanguage] of LANGUAGES) {
      for (const [page, path] of PAGES) {
        const name = `${page}${suffix}`;
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) {
          const result = await lighthouse(`${base}${path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            extraHeaders: { 'Accept-Language': acceptLanguage },
          });
          // Each report kept beside the bench's state, to open in the Lighthouse viewer when a figure moves.
          writeFileSync(`.bench/lighthouse-${name}-${i + 1}.json`, result.report);
          runs.push(await runFigures(result.lhr, base, gzipOf));
          log(`  ${name} run ${i + 1}: performance ${runs.at(-1).performance}, LCP ${runs.at(-1).lcpMs} ms`);
        }
        pages.push(pageMedians(`lighthouse-${name}`, path, runs));
      }
    }
    const collection = pages[0];
    return {
      items: PUBLIC_SHELF_ITEMS,
      pages,
      publicJs: { page: collection.path, gzipKiB: collection.jsGzipKiB, scripts: collection.scripts },
      server,
      targets: LIGHTHOUSE_TARGETS,
    };
  } finally {
    await chrome.kill();
  }
}

const mark = (value, ok) => `${value}${ok ? '' : ' MISSED'}`;

/** The table of `npm run bench -- --lighthouse`, each figure beside its target. */
export function printLighthouse(result) {
  const t = result.targets;
  const columns = [22, 18, 8, 18, 16, 11, 8, 13];
  const line = (cells) =>
    console.log(cells.map((cell, i) => (i === 0 ? String(cell).padEnd(columns[i]) : String(cell).padStart(columns[i]))).join(''));
  console.log(
    `\nPublic pages, Lighthouse mobile (slow 4G, CPU ×4, simulated), a public collection of ${result.items} books; median of ${result.pages[0].runs} runs`,
  );
  line(['page', 'performance', 'FCP ms', 'LCP ms', 'TBT ms', 'API calls', 'covers', 'JS gzip KiB']);
  line(['target', `≥ ${t.performance}`, '', `≤ ${t.lcpMs}`, `≤ ${t.tbtMs}`, '', '', '']);
  for (const p of result.pages) {
    line([
      p.name,
      mark(p.performance, p.performance >= t.performance),
      p.fcpMs,
      mark(p.lcpMs, p.lcpMs <= t.lcpMs),
      mark(p.tbtMs, p.tbtMs <= t.tbtMs),
      p.apiCalls,
      p.covers,
      p.jsGzipKiB,
    ]);
  }
  console.log(
    `\nThe Worker per page (${SERVER_RUNS} requests each, one at a time; p50 to the last byte; trips to D1 (a batch is one, target ≤ ${t.d1RoundTrips}), D1 queries and rows read of its API requests)`,
  );
  const cells = [22, 14, 8, 10, 12, 16, 8, 10, 12];
  const row = (values) => console.log(values.map((v, i) => (i === 0 ? String(v).padEnd(cells[i]) : String(v).padStart(cells[i]))).join(''));
  const trips = (n) => mark(n, n <= t.d1RoundTrips);
  row(['page', 'HTML p50 ms', 'trips', 'queries', 'rows read', 'GET /screen ms', 'trips', 'queries', 'rows read']);
  for (const s of result.server)
    row([
      s.name,
      s.page.p50Ms,
      trips(s.page.roundTrips),
      s.page.queries,
      s.page.rowsRead,
      s.screen.p50Ms,
      trips(s.screen.roundTrips),
      s.screen.queries,
      s.screen.rowsRead,
    ]);
  const js = result.publicJs;
  console.log(
    `Public JS weight, every script ${js.page} loads (gzip): ${mark(`${js.gzipKiB} KiB`, js.gzipKiB < t.publicJsGzipKiB)}   target < ${t.publicJsGzipKiB} KiB`,
  );
  console.log(`  ${js.scripts.length} scripts: ${js.scripts.join(' ')}`);
}
