// `npm run bench`: measures the budgets of docs/product.md on this machine and prints the figures.
// - Worker bundle (gzip), from `wrangler deploy --dry-run`.
// - SPA entry chunk (gzip): the script index.html loads first.
// - Per scenario, against a local workerd (wrangler dev, fresh state): wall p50/p95 and CPU per request,
//   read as utime+stime of the workerd process that runs the Worker (the one started with
//   --inspector-addr) from /proc/<pid>/stat, before and after a run of sequential requests.
// - Workflows (scripts/bench-imports.mjs): a 10,000-row CSV import, the same again, the real 455-game
//   BoardGameGeek collection with its covers, a list of 200 ISBNs looked up in the sources, backups and a
//   restore; per step, the CPU of the
//   workerd process between the step's start and end, its D1 statements and rows, its R2 operations.
// `npm run bench -- --json` prints one JSON object instead of the table; `-- --sizes` only the sizes;
// `-- --workflows` the Workflows, beside collections of 10,000 and 1,000 items (and not the requests);
// `-- --large-import` alone: `GET /api/v1/` while a 19 MB CSV is imported (scripts/bench-large-import.mjs),
// several minutes; `-- --lighthouse` alone: Lighthouse on the public pages of a 2,000-book collection
// (scripts/bench-lighthouse.mjs), about four minutes. BENCH_PORT and BENCH_STATE run it beside another
// bench on the same machine.
// `-- --only matrix,lent-search` only the request scenarios whose names start so (see ONLY); after them,
// each page's p50 over its collection's unfiltered page (ratios()).
import { spawnSync } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { appendFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createInterface } from 'node:readline';
import { COVER_COUNT, HOLD_QUEUES, holdQueuesSql, LENDING, SEARCH_TERM, SHARED, seedSql } from './bench-seed.mjs';
import { makeCovers } from './bench-covers.mjs';
import { benchIsbn, startPictureServer, startStepProbe, workflowScenarios, startIsolateProfiler } from './bench-imports.mjs';
import { largeImportScenario } from './bench-large-import.mjs';
import { lighthouseScenario, printLighthouse, seedPublicShelf } from './bench-lighthouse.mjs';
import { applyMigrations, buildWeb, localEnv, startWorker, stopWorker } from './local-runtime.mjs';

const asJson = process.argv.includes('--json');
const sizesOnly = process.argv.includes('--sizes');
const workflowsOnly = process.argv.includes('--workflows');
const largeImportOnly = process.argv.includes('--large-import');
const lighthouseOnly = process.argv.includes('--lighthouse');
const PORT = Number(process.env.BENCH_PORT ?? 8797);
// The other ports follow BENCH_PORT (8798 and 9341 by default), so two benches on one machine do not meet.
const EMAIL_PORT = PORT + 1;
const INSPECTOR_PORT = PORT + 544;
/**
 * `-- --only matrix,lent-search`: the request scenarios whose names start with one of these prefixes
 * (and the unfiltered pages the ratios are taken against); the seed, the ranks and the spans are made
 * as in a full run, the cron and the Workflows are left out.
 */
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg >= 0 ? (process.argv[onlyArg + 1] ?? '').split(',').filter(Boolean) : null;
const STATE = process.env.BENCH_STATE ?? '.bench/state';
/**
 * `-- --only … --reuse-state`: the state a previous run seeded and indexed is used again (its writes
 * left out by --only), which saves the minutes of seeding when comparing one change's pages.
 */
const REUSE = ONLY !== null && process.argv.includes('--reuse-state') && existsSync(STATE);
const ADMIN_PASSWORD = 'bench-admin-password';
const log = (...args) => {
  if (!asJson) console.log(...args);
};

function gzipKiB(path) {
  return Math.round((gzipSync(readFileSync(path)).length / 1024) * 10) / 10;
}

function workerBundleKiB() {
  const outdir = '.bench/dry-run';
  rmSync(outdir, { recursive: true, force: true });
  const result = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', outdir], {
    env: localEnv,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stderr}`);
  return gzipKiB(`${outdir}/index.js`);
}

const round = (kib) => Math.round(kib * 10) / 10;

/**
 * The entry script, and everything a first page load fetches with it: its modulepreloaded imports and
 * the stylesheets index.html links. The service worker (sw.js, the workbox runtime it imports, and the
 * chunk that registers it) is fetched after the page has shown, so it is reported apart, not counted.
 */
function spaSizes() {
  const html = readFileSync('web/dist/index.html', 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in web/dist/index.html');
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const initialJs = [entry, ...preloads].reduce((sum, path) => sum + gzipKiB(`web/dist${path}`), 0);
  const initialCss = styles.reduce((sum, path) => sum + gzipKiB(`web/dist${path}`), 0);
  const workerFiles = [
    'sw.js',
    ...readdirSync('web/dist').filter((name) => /^workbox-.*\.js$/.test(name)),
    ...readdirSync('web/dist/assets')
      .filter((name) => /^service-worker-.*\.js$/.test(name))
      .map((name) => `assets/${name}`),
  ];
  return {
    spaEntryGzipKiB: gzipKiB(`web/dist${entry}`),
    spaInitialJsGzipKiB: round(initialJs),
    spaFirstLoadGzipKiB: round(initialJs + initialCss),
    serviceWorkerGzipKiB: round(workerFiles.reduce((sum, path) => sum + gzipKiB(`web/dist/${path}`), 0)),
  };
}

/** Budgets of the issue's rules, in KiB of gzip. */
const BUDGETS = { workerGzipKiB: 1024, spaEntryGzipKiB: 150, spaFirstLoadGzipKiB: 200 };
function printSizes(sizes) {
  console.log(`\nWorker bundle (gzip): ${verdict(sizes.workerGzipKiB, BUDGETS.workerGzipKiB)}`);
  console.log(`SPA entry chunk (gzip): ${verdict(sizes.spaEntryGzipKiB, BUDGETS.spaEntryGzipKiB)}`);
  console.log(`SPA first load, entry + preloaded chunks + CSS (gzip): ${verdict(sizes.spaFirstLoadGzipKiB, BUDGETS.spaFirstLoadGzipKiB)}`);
  console.log(`  of which JS: ${sizes.spaInitialJsGzipKiB} KiB`);
  console.log(`Service worker, workbox runtime and registration (gzip, after first load): ${sizes.serviceWorkerGzipKiB} KiB\n`);
}

const verdict = (value, budget) => `${value} KiB   budget < ${budget} KiB${value < budget ? '' : '   OVER BUDGET'}`;

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

function cpuTicks(pid) {
  // Fields after the command name (which may contain spaces): utime is field 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function parentOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The workerd process that runs the Worker: a descendant of our wrangler, started with --inspector-addr. */
function findWorkerdPid(rootPid) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmdline.includes('workerd') || !cmdline.includes('--inspector-addr')) continue;
    for (let pid = Number(entry); pid > 1; pid = parentOf(pid)) if (pid === rootPid) return Number(entry);
  }
  throw new Error('workerd process not found');
}

async function waitUntilUp(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// The Workflows alone keep a small second collection: the lending seed's loan history lives there.
const SIZES = workflowsOnly ? [10_000, 1_000] : [10_000, 100_000];

function seed(sql = seedSql({ adminPassword: ADMIN_PASSWORD, sizes: SIZES }), file = '.bench/seed.sql') {
  writeFileSync(file, sql);
  const result = spawnSync(
    process.execPath,
    ['node_modules/wrangler/bin/wrangler.js', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', file],
    { env: { ...localEnv, CI: 'true' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stderr}\n${result.stdout?.slice(-2000)}`);
}

/** The orders the page scenarios sort by. */
const RANKED_SORTS = ['title&dir=asc', 'year&dir=desc', 'created&dir=desc', 'updated&dir=asc'];

/**
 * Sort ranks: a page number typed deep into a large list makes the Worker build that order's ranks after
 * its answer (features/items/sort-ranks.ts). Asked here for each order of each collection before anything
 * is measured, so that writes pay for keeping them and deep pages use them; each order is waited for
 * until a deep page reads under 2,500 rows. Answers how long each took to be built (seconds, measured
 * from the first request).
 */
async function primeRanks(base) {
  const built = [];
  for (const [index, size] of SIZES.entries()) {
    for (const sort of RANKED_SORTS) {
      const path = `/api/v1/collections/${index + 1}/items?perPage=50&sort=${sort}&page=${Math.floor((size / 50) * 0.3)}`;
      const started = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        // (A first request after the index's rebuild may meet a connection the Worker no longer
        // serves: given up after a minute, and asked again.)
        const res = await fetch(`${base}${path}`, { headers: { 'x-measure-d1': '1' }, signal: AbortSignal.timeout(60_000) }).catch(
          (error) => {
            if (error.name !== 'TimeoutError' || attempt >= 3) throw error;
            return null;
          },
        );
        if (!res) continue;
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        await res.arrayBuffer();
        if (d1Figures(res).rowsRead < 2_500) break;
        if (attempt >= 300) throw new Error(`the ranks of ${path} were not built in 5 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      built.push({
        collection: index + 1,
        items: size,
        sort: sort.split('&')[0],
        seconds: Math.round((performance.now() - started) / 100) / 10,
      });
    }
  }
  return built;
}

/**
 * A number of many values (the price, 50,000 values): the first range over it reads its values (what
 * it finds too many of) and has its spans built after the answer (facet-spans.ts). That first request's
 * figures, then the same range asked each second until it reads the spans (seconds to be in use).
 */
async function priceSpans(base) {
  const metered = async (path) => {
    const res = await fetch(`${base}/api/v1/collections/2/items?perPage=50&${path}`, { headers: { 'x-measure-d1': '1' } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    await res.arrayBuffer();
    return d1Figures(res);
  };
  const started = performance.now();
  const first = await metered(`${TWELVE_AUTHORS}&min.price=100&sort=title&dir=asc`);
  // (A range alone is counted from 2,000 of its values before, from a few dozen spans after.)
  for (let attempt = 0; (await metered('min.price=100&sort=title&dir=asc')).rowsRead >= 1_000; attempt += 1) {
    if (attempt >= 120) throw new Error('the price spans were not built in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return {
    name: 'price-range-before-spans-100k',
    items: SIZES[1],
    ...first,
    spansInUseSeconds: Math.round((performance.now() - started) / 100) / 10,
    p50Ms: null,
    p95Ms: null,
    cpuMs: null,
  };
}

/** D1 figures of a response, from the X-D1-* headers the Worker adds in measurement mode. */
function d1Figures(res) {
  const n = (h) => (res.headers.has(h) ? Number(res.headers.get(h)) : null);
  const statements = res.headers.get('x-d1-statements');
  return {
    queries: n('x-d1-queries'),
    // A batch is one trip to D1, however many statements it holds.
    roundTrips: n('x-d1-round-trips'),
    rowsRead: n('x-d1-rows-read'),
    rowsWritten: n('x-d1-rows-written'),
    // Each statement's SQL (its start) and rows: where a request's reads and writes go.
    ...(statements ? { statements: JSON.parse(decodeURIComponent(statements)) } : {}),
  };
}

/** D1 queries a collection or item page may cost (docs/product.md, "Limits and budgets"). */
const SHARED_QUERY_BUDGET = 5;
/** Subrequests (D1 queries and fetches) one invocation may make on the free plan. */
const INVOCATION_LIMIT = 50;
/** The shared collection's pages: its first page of 50 by title, and an item's page. */
const SHARED_PAGES = [
  ['collection-page', `/api/v1/collections/${SHARED.collection}/items?perPage=50&sort=title&dir=asc`],
  ['item-page', `/api/v1/collections/${SHARED.collection}/items/${SHARED.collection * 1_000_000 + 500}`],
];

/** Each shared page as the owner and as a member, through `run(name, path, who, iterations)`. */
async function sharedScenarios(run) {
  const measured = [];
  for (const [page, path] of SHARED_PAGES)
    for (const who of ['owner', 'member']) measured.push(await run(`shared-50-${page}-${who}`, path, who, 30));
  return measured;
}

/** The owner's and the member's figures of each shared page, side by side. */
function sharedSideBySide(scenarios) {
  const of = (name) => scenarios.find((s) => s.name === name);
  return SHARED_PAGES.map(([page]) => ({ page, owner: of(`shared-50-${page}-owner`), member: of(`shared-50-${page}-member`) })).filter(
    (r) => r.owner && r.member,
  );
}

/**
 * The unfiltered pages of each collection (50 by title): every page of the matrix, and each list page of
 * the 10,000-item collection, is held to at most RATIO_TARGET times its collection's p50 (ratios()).
 */
const REFERENCES = { 100_000: 'collection-page-unfiltered-100k', 10_000: 'collection-page-unfiltered-10k' };
const RATIO_TARGET = 3;
const TEN_K_PAGES = ['collection-page-10k', 'lent-list-10k', 'lent-search-10k', 'available-range-10k'];

const wanted = (name) => !ONLY || Object.values(REFERENCES).includes(name) || ONLY.some((prefix) => name.startsWith(prefix));

/** Each page's p50 over its unfiltered page's, in the same run; `over` past RATIO_TARGET. */
function ratios(scenarios) {
  const p50 = (name) => scenarios.find((s) => s.name === name)?.p50Ms;
  return scenarios
    .filter((s) => s.p50Ms !== null && (s.name.startsWith('matrix-') || TEN_K_PAGES.includes(s.name)))
    .map((s) => {
      const reference = REFERENCES[s.items];
      const ratio = p50(reference) ? Math.round((s.p50Ms / p50(reference)) * 100) / 100 : null;
      return {
        name: s.name,
        p50Ms: s.p50Ms,
        reference,
        referenceP50Ms: p50(reference) ?? null,
        ratio,
        over: ratio !== null && ratio > RATIO_TARGET,
      };
    });
}

/** A run of requests, or null when `--only` leaves it out. */
async function scenario(name, pid, iterations, request, items = 0) {
  if (!wanted(name)) return null;
  for (let i = 0; i < 3; i += 1) await request(); // warm-up
  const walls = [];
  const before = cpuTicks(pid);
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await request();
    walls.push(performance.now() - start);
  }
  const after = cpuTicks(pid);
  // One more request, metered, for the D1 figures (metering re-reads drizzle results, so it is kept
  // out of the timed runs).
  const figures = d1Figures(await request({ 'x-measure-d1': '1' }));
  const cpuMs = ((after - before) * 1000) / TICKS_PER_SECOND / iterations;
  walls.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 100) / 100;
  return {
    name,
    items,
    ...figures,
    p50Ms: round(percentile(walls, 50)),
    p95Ms: round(percentile(walls, 95)),
    cpuMs: round(cpuMs),
    iterations,
  };
}

/**
 * One request that may take minutes (re-indexing 100,000 items in one batch locally). Sent through
 * fetch, the next fetch then hung until undici's 300 s headers timeout; through node:http it stays out
 * of fetch's connection pool, and the runs that follow complete.
 */
function slowRequest(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ ok: res.statusCode < 400, status: res.statusCode, text: () => text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The email provider's edge, on 127.0.0.1: answers each message as Resend does, so the Worker's real
 * email code (and its subrequest) runs in the scenarios that send email.
 */
function startFakeEmailProvider() {
  let received = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const ids = (Array.isArray(body) ? body : [body]).map(() => ({ id: `bench-${(received += 1)}` }));
      res.writeHead(200, { 'content-type': 'application/json' });
      // POST /emails answers one id; POST /emails/batch one per message.
      res.end(JSON.stringify(req.url === '/emails/batch' ? { data: ids } : ids[0]));
    });
  });
  server.listen(EMAIL_PORT, '127.0.0.1');
  return {
    close: () => server.close(),
    get received() {
      return received;
    },
    get requests() {
      return requests;
    },
  };
}

/** The measured summaries the Worker logs after each cron run (worker/src/index.ts), in order. */
function scheduledRuns(lines) {
  const runs = [];
  const waiting = [];
  lines.on('line', (line) => {
    const start = line.indexOf('{"message":"scheduled run measured"');
    if (start < 0) return;
    runs.push(JSON.parse(line.slice(start)));
    waiting.shift()?.();
  });
  return {
    async next(count) {
      while (runs.length < count) await new Promise((resolve) => waiting.push(resolve));
      return runs[count - 1];
    },
  };
}

/**
 * Fires the reminders' cron until a run has nothing left to send (the seed's loans are all due):
 * per run, the D1 figures the Worker logged, emails sent, and the workerd process's CPU.
 */
async function cronScenario(base, pid, runs, email) {
  const done = [];
  for (let i = 1; i <= 200; i += 1) {
    const before = cpuTicks(pid);
    const requestsBefore = email.requests;
    const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('23 * * * *')}`);
    if (!res.ok) throw new Error(`/__scheduled answered ${res.status}`);
    await res.arrayBuffer();
    const run = await runs.next(i);
    const cpuMs = ((cpuTicks(pid) - before) * 1000) / TICKS_PER_SECOND;
    const job = run.jobs.find((j) => j.job === 'loan-reminders');
    const emails = (job.counts.reminders ?? 0) + (job.counts.overdue ?? 0) + (job.counts.digests ?? 0);
    if (emails === 0) break;
    done.push({ ...run.d1, emails, emailRequests: email.requests - requestsBefore, units: job.units, status: job.status, cpuMs });
  }
  const sum = (key) => done.reduce((total, run) => total + run[key], 0);
  const max = (key) => Math.max(...done.map((run) => run[key]));
  return {
    name: 'cron-reminders-1000-loans',
    items: LENDING.cronLoans,
    runs: done.length,
    emails: sum('emails'),
    maxQueriesPerRun: max('queries'),
    maxRowsReadPerRun: max('rowsRead'),
    maxRowsWrittenPerRun: max('rowsWritten'),
    maxEmailsPerRun: max('emails'),
    maxEmailRequestsPerRun: max('emailRequests'),
    cpuMsPerRun: Math.round((sum('cpuMs') / done.length) * 100) / 100,
  };
}

/** Fires the reminders' cron once: the run's logged summary, the workerd process's CPU and the wall time to it. */
async function fireCron(base, pid, runs, count) {
  const before = cpuTicks(pid);
  const started = performance.now();
  const res = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('23 * * * *')}`);
  if (!res.ok) throw new Error(`/__scheduled answered ${res.status}`);
  await res.arrayBuffer();
  const run = await runs.next(count);
  return { run, wallMs: performance.now() - started, cpuMs: ((cpuTicks(pid) - before) * 1000) / TICKS_PER_SECOND };
}

/**
 * The hourly hold-offers job over HOLD_QUEUES (1,000 items, each with a returned copy and people
 * waiting). The same cron sends the reminders, so it is fired first until they and the digests are all
 * sent; then the Worker is stopped, the queues are seeded, and it is started again (`relaunch`). The cron
 * is then fired until a run offers nothing: per run, the invocation's D1 queries and rows, the email
 * requests (with the queries, its subrequests), the workerd process's CPU and the wall time to its
 * summary. Answers the figures and the Worker's new run reader.
 */
async function holdOffersScenario({ base, email, launched, relaunch }) {
  let { pid, runs } = launched;
  let fired = 0;
  for (;;) {
    const { run } = await fireCron(base, pid, runs, (fired += 1));
    const left = run.jobs.reduce(
      (sum, job) => sum + Object.entries(job.counts).reduce((n, [key, value]) => n + (key === 'skipped' ? 0 : value), 0),
      0,
    );
    if (left === 0) break;
    if (fired >= 400) throw new Error('the reminders were not all sent in 400 runs');
  }
  ({ pid, runs } = await relaunch(() => seed(holdQueuesSql(), '.bench/hold-queues.sql')));
  fired = 0;
  const done = [];
  for (let i = 1; i <= 200; i += 1) {
    const requestsBefore = email.requests;
    const { run, wallMs, cpuMs } = await fireCron(base, pid, runs, (fired += 1));
    const job = run.jobs.find((j) => j.job === 'hold-offers');
    const offered = job.counts.offered ?? 0;
    if (offered === 0) break;
    const emailRequests = email.requests - requestsBefore;
    done.push({
      ...run.d1,
      offered,
      emailRequests,
      subrequests: run.d1.queries + emailRequests,
      units: job.units,
      status: job.status,
      cpuMs,
      wallMs,
    });
  }
  const sum = (key) => done.reduce((total, run) => total + run[key], 0);
  const max = (key) => Math.max(...done.map((run) => run[key]));
  const round = (n) => Math.round(n * 100) / 100;
  return {
    figures: {
      name: `hold-offers-${HOLD_QUEUES.items}-queues`,
      items: HOLD_QUEUES.items,
      runs: done.length,
      offered: sum('offered'),
      maxOfferedPerRun: max('offered'),
      maxQueriesPerRun: max('queries'),
      maxRowsReadPerRun: max('rowsRead'),
      maxRowsWrittenPerRun: max('rowsWritten'),
      maxEmailRequestsPerRun: max('emailRequests'),
      maxSubrequestsPerRun: max('subrequests'),
      maxUnitsPerRun: max('units'),
      cpuMsPerRun: round(sum('cpuMs') / done.length),
      maxCpuMsPerRun: round(max('cpuMs')),
      wallMsPerRun: round(sum('wallMs') / done.length),
      maxWallMsPerRun: round(max('wallMs')),
    },
    launched: { pid, runs },
  };
}

/** Twelve of the authors (each in about 200 books): a filter of several values that holds about 2% of the items. */
const TWELVE_AUTHORS = Array.from({ length: 12 }, (_, n) => `f.authors=Author%20${n + 1}`).join('&');
const ELEVEN_AUTHORS = Array.from({ length: 11 }, (_, n) => `f.authors=Author%20${n + 1}`).join('&');

/**
 * The collection view's queries at 100,000 items, as [name, path under the collection]: no search, a
 * rare word, a word in every item, three words; none, one and three filters (with a range); each kind
 * of order; the first page and a deep one; and the filter panel.
 */
function pageMatrix() {
  const items = (query) => `items?perPage=50&${query}`;
  const broad = 'q=story';
  const three = `q=${encodeURIComponent(`story in ${SEARCH_TERM}`)}`;
  const oneFilter = 'f.genre=fantasy';
  const threeFilters = 'f.genre=fantasy&f.genre=mystery&f.authors=Author%201&min.year=1950&max.year=2000';
  const range = 'min.year=1950&max.year=2000';
  const sorts = [
    ['title', 'sort=title&dir=asc'],
    ['year-desc', 'sort=year&dir=desc'],
    ['created', 'sort=created&dir=desc'],
    ['updated', 'sort=updated&dir=asc'],
  ];
  return [
    ...sorts.flatMap(([name, sort]) => [
      [`all-${name}-page-1`, items(sort)],
      [`all-${name}-page-1000`, items(`${sort}&page=1000`)],
    ]),
    ['narrow-search', items(`q=${SEARCH_TERM}`)],
    ['three-words', items(three)],
    ['broad-search-title', items(`${broad}&sort=title&dir=asc`)],
    ['broad-search-year-page-1000', items(`${broad}&sort=year&dir=asc&page=1000`)],
    ['one-filter-title', items(`${oneFilter}&sort=title&dir=asc`)],
    ['one-filter-created-last-page', items(`${oneFilter}&sort=created&dir=desc&page=167`)],
    // The same page as the pager asks for it when the total is an estimate: the end of the list.
    ['one-filter-created-end', items(`${oneFilter}&sort=created&dir=desc&page=167&before=end`)],
    ['three-filters-broad-search-year', items(`${threeFilters}&${broad}&sort=year&dir=desc`)],
    // A range alone (counted from the kept counts of the year's values): 41% of the items, and 4%.
    ['range-title', items(`${range}&sort=title&dir=asc`)],
    ['range-title-page-500', items(`${range}&sort=title&dir=asc&page=500`)],
    ['narrow-range-created', items('min.year=2020&sort=created&dir=desc')],
    // One year (800 items): read from the year's sort index rather than walked.
    ['one-year-title', items('f.year=1999&sort=title&dir=asc')],
    // The costliest share of matches: about 2% (three years, 2,400 items), where reading every match
    // and walking the order to fill a page cost about the same.
    ['range-2pct-title', items('min.year=2022&sort=title&dir=asc')],
    ['range-2pct-created', items('min.year=2022&sort=created&dir=desc')],
    // The same share from a value filter of several values on a multi-valued property (twelve authors).
    ['authors-2pct-title', items(`${TWELVE_AUTHORS}&sort=title&dir=asc`)],
    // Eleven authors (2,210 items): where reading every match and walking the order cost the same.
    ['authors-even-title', items(`${ELEVEN_AUTHORS}&sort=title&dir=asc`)],
    // About 2% from a date range of 148 days (about 14 items a day).
    ['date-2pct-created', items('min.acquired=2024-01-01&max.acquired=2024-05-27&sort=created&dir=desc')],
    // Two filters that each hold many items but share few: one genre (8%) and years from 2015 (10%).
    ['genre-and-years-title', items('f.genre=fantasy&min.year=2015&sort=title&dir=asc')],
    // Twelve authors and years from 2020: about 100 items.
    ['authors-and-years-title', items(`${TWELVE_AUTHORS}&min.year=2020&sort=title&dir=asc`)],
    // One genre and years from 1990 (29%): about 2,300 items, and a page typed deep.
    ['genre-and-broad-years-title-page-40', items('f.genre=fantasy&min.year=1990&sort=title&dir=asc&page=40')],
    // A search with value filters: tested on the kept lists' matches (a word in every item), or read
    // from the search index when the probe finds them all (a rare word).
    ['broad-search-authors-title', items(`${broad}&${TWELVE_AUTHORS}&sort=title&dir=asc`)],
    ['broad-search-genre-and-years-title', items(`${broad}&f.genre=fantasy&min.year=2015&sort=title&dir=asc`)],
    ['broad-search-broad-range-title', items(`${broad}&min.year=1930&sort=title&dir=asc`)],
    ['narrow-search-one-filter-title', items(`q=${SEARCH_TERM}&${oneFilter}&sort=title&dir=asc`)],
    // "Available" with value filters: the lists' matches less the items whose every copy is lent.
    ['available-authors-title', items(`availability=available&${TWELVE_AUTHORS}&sort=title&dir=asc`)],
    ['available-one-filter-title', items(`availability=available&${oneFilter}&sort=title&dir=asc`)],
    // The same at the eleven authors where reading every match and walking cost the same.
    ['broad-search-authors-even-title', items(`${broad}&${ELEVEN_AUTHORS}&sort=title&dir=asc`)],
    ['available-authors-even-title', items(`availability=available&${ELEVEN_AUTHORS}&sort=title&dir=asc`)],
    ['one-filter-title-page-20', items(`${oneFilter}&sort=title&dir=asc&page=20`)],
    // A date range over 5,475 distinct days (more values than a count reads): counted from those it reads.
    ['date-range-title', items('min.acquired=2010-01-01&sort=title&dir=asc')],
    ['date-range-title-page-300', items('min.acquired=2010-01-01&sort=title&dir=asc&page=300')],
    // A price (50,000 values, read from its spans): with twelve authors (80% of the prices, about 1,700
    // items: near where reading and walking cost the same), with a genre, and about 2% alone.
    ['price-range-authors-title', items(`${TWELVE_AUTHORS}&min.price=100&sort=title&dir=asc`)],
    ['price-range-genre-title', items('f.genre=fantasy&min.price=150.5&max.price=320.25&sort=title&dir=asc')],
    ['price-2pct-title', items('min.price=490&sort=title&dir=asc')],
    // "Available" (every copy of an item not lent): counted on the collection (its items with no copy
    // left, migration 0033), placed by the ranks.
    ['available-title-page-1000', items('availability=available&sort=title&dir=asc&page=1000')],
    ['filter-panel-broad-search', `filters?${broad}`],
    ['filter-panel-one-filter', `filters?${oneFilter}`],
  ];
}

/**
 * A scenario run alone (--large-import, --lighthouse): the SPA built, a fresh state (seeded by `seed`),
 * its Worker on the bench's port with its inspector beside it, and its output in `${STATE}.log`.
 */
async function startFreshInstance(seed = () => {}, extraVars = {}) {
  log('Building the SPA…');
  buildWeb();
  rmSync(STATE, { recursive: true, force: true });
  applyMigrations(STATE);
  seed();
  const worker = startWorker({
    port: PORT,
    inspectorPort: PORT + 50,
    persistTo: STATE,
    stdio: ['ignore', openSync(`${STATE}.log`, 'w'), openSync(`${STATE}.log`, 'a')],
    detached: true,
    vars: {
      ADMIN_PASSWORD,
      APP_SECRET: 'bench-secret-0123456789-0123456789-0123',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DEMO_MODE: 'false',
      ...extraVars,
    },
  });
  worker.removeAllListeners('exit');
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitUntilUp(`${base}/api/v1/`);
  } catch (error) {
    stopWorker(worker);
    throw error;
  }
  return { worker, base };
}

/**
 * `--large-import`: a fresh instance with nothing seeded (the large file is the whole load), its own
 * inspector port beside the Worker's, so it may run while another bench holds the usual ports.
 */
async function largeImportMain() {
  const { worker, base } = await startFreshInstance();
  try {
    const signIn = await fetch(`${base}/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = await signIn.json();
    log('Large import: a 19 MB CSV while GET /api/v1/ is asked every 200 ms…');
    const result = await largeImportScenario({ base, token, log });
    if (asJson) console.log(JSON.stringify({ date: new Date().toISOString(), largeImport: result }));
    else {
      console.log(
        `\n${result.name}: ${result.rows} rows (${result.megabytes} MB), ${result.added} added, upload ${result.uploadSeconds} s, total ${result.totalSeconds} s, ${result.rowsPerSecond} rows/s`,
      );
      console.log(
        `GET /api/v1/ during the import (${result.requests} requests, one every 200 ms): p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms, ${result.over1s} over 1 s, ${result.unanswered} unanswered`,
      );
      console.log(
        `the run's report, read every 1.5 s as the import page does: p95 ${result.reportP95Ms} ms, max ${result.reportMaxMs} ms (${result.problemsListed} problems listed)`,
      );
      if (result.slowAt.length > 0) console.log(`first slow ones (sent at: ms): ${result.slowAt.join(' ')}`);
    }
  } finally {
    stopWorker(worker);
  }
}

/**
 * `--lighthouse`: a fresh instance holding the public collection only, its Worker on the bench's port
 * (inspector beside it, as --large-import), measured by Lighthouse in Chromium.
 */
async function lighthouseMain() {
  log('Drawing the covers in Chromium…');
  const covers = await makeCovers(COVER_COUNT);
  const { worker, base } = await startFreshInstance(
    () => {
      log('Seeding a public collection of books with covers…');
      seedPublicShelf({ state: STATE, adminPassword: ADMIN_PASSWORD, covers });
      // Counted only for requests that ask (x-measure-d1): Lighthouse's pages run as in production.
    },
    { EXPOSE_D1_METRICS: 'true' },
  );
  try {
    log('Lighthouse on the collection, item and borrow pages…');
    const lighthouse = await lighthouseScenario({ base, log });
    if (asJson) console.log(JSON.stringify({ date: new Date().toISOString(), lighthouse }));
    else printLighthouse(lighthouse);
  } finally {
    stopWorker(worker);
  }
}

async function main() {
  mkdirSync('.bench', { recursive: true });
  if (largeImportOnly) return largeImportMain();
  if (lighthouseOnly) return lighthouseMain();
  log('Building the SPA and the Worker bundle…');
  buildWeb();
  const sizes = { workerGzipKiB: workerBundleKiB(), ...spaSizes() };
  if (sizesOnly) {
    if (asJson) console.log(JSON.stringify({ sizes }));
    else printSizes(sizes);
    return;
  }

  if (!REUSE) {
    rmSync(STATE, { recursive: true, force: true });
    applyMigrations(STATE);
    log(`Seeding collections of ${SIZES.join(' and ')} items…`);
    seed();
  }
  const email = startFakeEmailProvider();
  const pictures = startPictureServer();
  const probe = startStepProbe();
  rmSync('.bench/worker.log', { force: true });
  rmSync('.bench/worker-errors.log', { force: true });
  /**
   * Starts the Worker on the bench's state. `cron`: with --test-scheduled (GET /__scheduled?cron=… fires
   * a cron, as Cloudflare's scheduler would). The Workflows are measured without it: in that mode
   * wrangler dev 4.86 left a connection to itself open per Workflow step's work (CLOSE_WAIT, over 16,000
   * during the BoardGameGeek import) until workerd had no file left to open and answered nothing.
   */
  const launch = async (cron) => {
    const worker = startWorker({
      port: PORT,
      inspectorPort: INSPECTOR_PORT,
      persistTo: STATE,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      extraArgs: cron ? ['--test-scheduled'] : [],
      vars: {
        ADMIN_PASSWORD,
        APP_SECRET: 'bench-secret-0123456789-0123456789-0123',
        APP_URL: `http://127.0.0.1:${PORT}`,
        DEMO_MODE: 'false',
        EXPOSE_D1_METRICS: 'true',
        MEASURE_PROBE_ADDRESS: probe.address,
        FETCH_ALLOW_HOSTS: pictures.host,
        METADATA_BASE_URL: `http://${pictures.host}/meta`,
        RESEND_API_KEY: 'bench-key',
        RESEND_BASE_URL: `http://127.0.0.1:${EMAIL_PORT}`,
      },
    });
    worker.removeAllListeners('exit');
    const lines = createInterface({ input: worker.stdout });
    // The Worker's own output, kept for reading what a run did.
    lines.on('line', (line) => appendFileSync('.bench/worker.log', `${line}\n`));
    // Wrangler's own warnings and the local runtime's errors, apart.
    createInterface({ input: worker.stderr }).on('line', (line) => appendFileSync('.bench/worker-errors.log', `${line}\n`));
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/v1/`);
    const pid = findWorkerdPid(worker.pid);
    probe.watch(pid);
    return { worker, lines, pid };
  };
  let child = null;
  let profiler = null;
  const base = `http://127.0.0.1:${PORT}`;
  /** Stops the Worker, runs `between` on its state (seeding more), and starts it again with its cron. */
  const relaunch = async (between) => {
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    stopWorker(child);
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    between();
    const again = await launch(true);
    child = again.worker;
    return { pid: again.pid, runs: scheduledRuns(again.lines) };
  };
  try {
    const launched = await launch(!workflowsOnly);
    child = launched.worker;
    const { pid } = launched;
    const runs = scheduledRuns(launched.lines);
    const signInBody = JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD });
    const get =
      (path, token) =>
      async (extra = {}) => {
        const res = await fetch(`${base}${path}`, { headers: { ...extra, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        return res;
      };
    const send =
      (method, path, token, body) =>
      async (extra = {}) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { ...extra, 'content-type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        return res;
      };
    const signIn = async (extra = {}) => {
      const res = await fetch(`${base}/api/v1/token`, {
        method: 'POST',
        headers: { ...extra, 'content-type': 'application/json' },
        body: signInBody,
      });
      if (!res.ok) throw new Error(`POST /api/v1/token answered ${res.status}`);
      await res.arrayBuffer();
      return res;
    };
    const token = (
      await (
        await fetch(`${base}/api/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody })
      ).json()
    ).token;
    // A member of the shared collection (SHARED), signed in with the password the seed gave them.
    const memberToken = workflowsOnly
      ? null
      : (
          await (
            await fetch(`${base}/api/v1/token`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ login: SHARED.login, password: ADMIN_PASSWORD }),
            })
          ).json()
        ).token;
    // Making "series" searchable rebuilds each collection's search index through the Worker's own code.
    for (const cid of REUSE ? [] : SIZES.map((_, i) => i + 1)) {
      const res = await slowRequest(`${base}/api/v1/collections/${cid}/properties/${cid * 100 + 4}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ searchable: true }),
      });
      if (!res.ok) throw new Error(`indexing collection ${cid} failed: ${res.status} ${res.text()}`);
    }
    const ranksBuilt = workflowsOnly ? [] : await primeRanks(base);
    const page = (cid) => `/api/v1/collections/${cid}/items?perPage=50&sort=year&dir=asc&f.genre=fantasy&q=${SEARCH_TERM}`;
    const newBook = (n) => ({
      values: {
        title: `Bench book ${n}`,
        subtitle: 'Volume 1',
        authors: ['Author 1', 'Author 2'],
        series: 'Series 1',
        publisher: 'Publisher 1',
        year: 1999,
        pages: 320,
        isbn: '9780000000001',
        language: 'English',
        genre: 'fantasy',
        format: 'paperback',
        summary: 'A story of saga and storm',
        read: true,
        rating: 4.5,
      },
    });
    let created = 0;
    let edits = 0;
    const editedTitle = (n) => ({ values: { ...newBook(0).values, title: `Bench book 0, edition ${n}` } });
    // Unlimited scrolling by title: each request reads the next 200 items from where the last one ended.
    let scrolled = 0;
    let cursor = null;
    const scroll = async (extra = {}) => {
      scrolled += 1;
      const path = `/api/v1/collections/2/items?perPage=all&sort=title&dir=asc&page=${scrolled}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`;
      const res = await fetch(`${base}${path}`, { headers: extra });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
      cursor = (await res.clone().json()).next ?? null;
      return res;
    };
    // Each borrow request asks for another item from another address, as visitors on their phones
    // would, so the per-address and per-item limits measure their cost without refusing.
    let asked = 0;
    const borrow = async (extra = {}) => {
      asked += 1;
      const path = `/api/v1/collections/1/items/${1_000_000 + LENDING.currentLoans + asked}/borrow`;
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          ...extra,
          'content-type': 'application/json',
          'cf-connecting-ip': `198.51.100.${asked % 250}`,
          'x-forwarded-for': `198.51.100.${asked % 250}`,
        },
        body: JSON.stringify({ name: `Visitor ${asked}`, email: `visitor-${asked}@example.com`, message: 'May I borrow it next week?' }),
      });
      if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return res;
    };
    // Find in a catalogue: an ISBN no one looked up yet, asked of the three book sources (the stand-in on
    // 127.0.0.1 answers for Open Library, 404 for the others); then one answered from the day's cache.
    // Thirty-four fresh look-ups stay under a person's 120 requests to the sources in ten minutes.
    const catalogueShelf = workflowsOnly
      ? null
      : await (
          await fetch(`${base}/api/v1/collections`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify({ name: 'Catalogue shelf', type: 'books' }),
          })
        ).json();
    let lookedUp = 0;
    const sourceSearch = (n) => get(`/api/v1/collections/${catalogueShelf.id}/sources/search?q=${benchIsbn(100_000 + n)}`, token);
    const askedBefore = pictures.counted.metadata;
    const scenarios = workflowsOnly
      ? []
      : [
          await scenario('source-search-fresh', pid, 30, (extra) => sourceSearch((lookedUp += 1))(extra)),
          await scenario('source-search-cached', pid, 100, sourceSearch(1)),
          await scenario('api-info', pid, 200, get('/api/v1/')),
          await scenario('sign-in', pid, 30, signIn),
          await scenario('home-list', pid, 100, get('/api/v1/collections')),
          await scenario('collection-page-10k', pid, 50, get(page(1)), SIZES[0]),
          await scenario(
            'collection-page-unfiltered-10k',
            pid,
            20,
            get('/api/v1/collections/1/items?perPage=50&sort=title&dir=asc'),
            SIZES[0],
          ),
          await scenario('collection-page-100k', pid, 20, get(page(2)), SIZES[1]),
          // A broad query (a third of the collection matches): cost follows the number of matches.
          await scenario(
            'collection-page-broad-100k',
            pid,
            10,
            get(
              '/api/v1/collections/2/items?perPage=50&sort=year&dir=asc&f.genre=fantasy&f.genre=mystery&f.genre=romance&f.genre=history&q=story',
            ),
            SIZES[1],
          ),
          await scenario(
            'collection-page-unfiltered-100k',
            pid,
            20,
            get('/api/v1/collections/2/items?perPage=50&sort=title&dir=asc'),
            SIZES[1],
          ),
          await scenario('collection-filters-100k', pid, 20, get('/api/v1/collections/2/filters'), SIZES[1]),
          await scenario('item-page-100k', pid, 100, get('/api/v1/collections/2/items/2050000'), SIZES[1]),
          await scenario(
            'item-create-10k',
            pid,
            30,
            (extra) => send('POST', '/api/v1/collections/1/items', token, newBook((created += 1)))(extra),
            SIZES[0],
          ),
          await scenario('item-update-10k', pid, 30, send('PATCH', '/api/v1/collections/1/items/1000500', token, newBook(0)), SIZES[0]),
          // The same book, each edit changing its title only (an edit of one value).
          await scenario(
            'item-edit-one-value-10k',
            pid,
            30,
            (extra) => send('PATCH', '/api/v1/collections/1/items/1000500', token, editedTitle((edits += 1)))(extra),
            SIZES[0],
          ),
          // Deleting the books item-create-10k made (as many as it made), one a request, the newest first.
          await (async () => {
            const listed = await (
              await fetch(`${base}/api/v1/collections/1/items?perPage=50&sort=created&dir=desc`, {
                headers: { Authorization: `Bearer ${token}` },
              })
            ).json();
            const made = listed.items
              .filter((item) => item.id !== 1_000_500 && item.title?.startsWith('Bench book'))
              .map((item) => item.id);
            if (made.length < created) throw new Error(`found ${made.length} of the ${created} books the creates made`);
            let deleted = 0;
            return scenario(
              'item-delete-10k',
              pid,
              created - 4,
              (extra) => send('DELETE', `/api/v1/collections/1/items/${made[deleted++]}`, token)(extra),
              SIZES[0],
            );
          })(),
          // Lending: the owner's item page (the item and its 20 past loans), the overview, a visitor's request.
          await scenario('item-page-owner-20-loans', pid, 50, get(`/api/v1/collections/2/items/${LENDING.historyItem}`, token), SIZES[1]),
          await scenario('item-loans-20', pid, 50, get(`/api/v1/collections/2/items/${LENDING.historyItem}/loans`, token), SIZES[1]),
          await scenario('lending-overview-200-loans', pid, 30, get('/api/v1/lending', token), LENDING.currentLoans),
          await scenario('borrow-request', pid, 30, borrow, SIZES[0]),
          // "Lent": the 200 items of the 10,000-item collection with a copy lent, read from the loans.
          await scenario(
            'lent-list-10k',
            pid,
            20,
            get('/api/v1/collections/1/items?perPage=50&availability=lent&sort=title&dir=asc'),
            SIZES[0],
          ),
          // "Lent" with a search (every item has the word), and "available" within a range of years.
          await scenario(
            'lent-search-10k',
            pid,
            20,
            get('/api/v1/collections/1/items?perPage=50&availability=lent&q=story&sort=title&dir=asc'),
            SIZES[0],
          ),
          await scenario(
            'available-range-10k',
            pid,
            20,
            get('/api/v1/collections/1/items?perPage=50&availability=available&min.year=2000&sort=title&dir=asc'),
            SIZES[0],
          ),
          // The 10,000-item collection shared with 50 people: the owner's pages, then a member's (a viewer).
          ...(await sharedScenarios((name, path, who, iterations) =>
            scenario(name, pid, iterations, get(path, who === 'owner' ? token : memberToken), SIZES[0]),
          )),
        ].filter(Boolean);
    const sourceRequestsPerSearch = workflowsOnly || lookedUp === 0 ? null : (pictures.counted.metadata - askedBefore) / lookedUp;
    // The page matrix at 100,000 items: every kind of query the collection view makes, first and deep
    // pages. Its worst rows-read is reported again as collection-page-worst-100k.
    const matrix = [];
    // The price's spans are built by the first range over it that finds more values than it reads (after
    // its answer): that first request is measured apart, then the matrix reads them.
    if (!workflowsOnly) scenarios.push(await priceSpans(base));
    for (const [name, query] of workflowsOnly ? [] : pageMatrix()) {
      matrix.push(await scenario(`matrix-${name}`, pid, 5, get(`/api/v1/collections/2/${query}`), SIZES[1]));
    }
    // Page 1,000 reached by the pager's Next link from page 999 (which carries where 999 ended), by its
    // link two pages on from page 998 (passing over page 999), and the last page (read from the end of
    // the order).
    if (!workflowsOnly) {
      matrix.push(await scenario('matrix-unlimited-title-scroll', pid, 50, scroll, SIZES[1]));
      const page999 = await (await fetch(`${base}/api/v1/collections/2/items?perPage=50&sort=title&dir=asc&page=999`)).json();
      const page998 = await (await fetch(`${base}/api/v1/collections/2/items?perPage=50&sort=title&dir=asc&page=998`)).json();
      matrix.push(
        await scenario(
          'matrix-all-title-page-1000-from-next',
          pid,
          5,
          get(`/api/v1/collections/2/items?perPage=50&sort=title&dir=asc&page=1000&after=${encodeURIComponent(page999.next)}`),
          SIZES[1],
        ),
        await scenario(
          'matrix-all-title-page-1000-two-on',
          pid,
          5,
          get(`/api/v1/collections/2/items?perPage=50&sort=title&dir=asc&page=1000&after=${encodeURIComponent(page998.next)}`),
          SIZES[1],
        ),
        await scenario(
          'matrix-all-title-last-page',
          pid,
          5,
          get(`/api/v1/collections/2/items?perPage=50&sort=title&dir=asc&page=${SIZES[1] / 50}`),
          SIZES[1],
        ),
      );
      const measured = matrix.filter(Boolean);
      const worst = measured.reduce((a, b) => ((b.rowsRead ?? 0) > (a.rowsRead ?? 0) ? b : a), measured[0]);
      scenarios.push(...measured, ...(worst ? [{ ...worst, name: 'collection-page-worst-100k', of: worst.name }] : []));
    }
    const cron = workflowsOnly || !wanted('cron-reminders-1000-loans') ? null : await cronScenario(base, pid, runs, email);
    const holdOffers =
      workflowsOnly || !wanted(`hold-offers-${HOLD_QUEUES.items}-queues`)
        ? null
        : (await holdOffersScenario({ base, email, launched: { pid, runs }, relaunch })).figures;
    // The Workflows run beside the small collections only (--workflows): beside the 100,000-item one, the
    // backup of the whole instance took local workerd past its 1 GB heap and ended it.
    if (workflowsOnly) log('Workflows: imports, an export and a backup…');
    // The Worker's isolate is profiled through the inspector the Worker was started with.
    profiler = workflowsOnly ? await startIsolateProfiler(`ws://127.0.0.1:${INSPECTOR_PORT}/ws`) : null;
    const workflows = workflowsOnly
      ? await workflowScenarios({ base, token, probe, pictures, profiler, log: (text) => console.error(text) })
      : [];
    const report = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
      sizes,
      scenarios,
      cron,
      holdOffers,
      shared: sharedSideBySide(scenarios),
      sourceRequestsPerSearch,
      ratios: ratios(scenarios),
      ranksBuilt,
      workflows,
      emailsReceived: email.received,
    };
    if (asJson) {
      console.log(JSON.stringify(report));
    } else {
      printSizes(sizes);
      console.log(`${'scenario'.padEnd(44)}  items  queries  rows read  rows written   p50 ms   p95 ms   CPU ms/request`);
      for (const s of scenarios) {
        console.log(
          `${s.name.padEnd(44)}${String(s.items).padStart(7)}${String(s.queries ?? '-').padStart(9)}${String(s.rowsRead ?? '-').padStart(11)}${String(s.rowsWritten ?? '-').padStart(14)}${String(s.p50Ms).padStart(9)}${String(s.p95Ms).padStart(9)}${String(s.cpuMs).padStart(17)}`,
        );
      }
      const compared = ratios(scenarios);
      if (compared.length > 0) {
        console.log(`\nEach page's p50 over its collection's unfiltered page (50 by title), in this run; target at most ${RATIO_TARGET}×:`);
        for (const r of compared)
          console.log(
            `${r.name.padEnd(44)}${String(r.p50Ms).padStart(9)}${String(r.referenceP50Ms ?? '-').padStart(9)}${`${r.ratio ?? '-'}×`.padStart(9)}${r.over ? `   OVER ${RATIO_TARGET}×` : ''}`,
          );
        console.log(`${compared.filter((r) => r.over).length} of ${compared.length} over ${RATIO_TARGET}×`);
      }
      for (const r of ranksBuilt)
        console.log(
          `sort ranks of collection ${r.collection} (${r.items} items) by ${r.sort}: in use ${r.seconds} s after the first deep page`,
        );
      if (sourceRequestsPerSearch !== null)
        console.log(`\nsource-search-fresh: ${sourceRequestsPerSearch} requests to the sources per search (the cached search makes none)`);
      if (cron)
        console.log(
          `\n${cron.name}: ${cron.runs} runs sent ${cron.emails} emails (at most ${cron.maxEmailsPerRun} per run, in at most ${cron.maxEmailRequestsPerRun} requests); per run at most ` +
            `${cron.maxQueriesPerRun} queries, ${cron.maxRowsReadPerRun} rows read, ${cron.maxRowsWrittenPerRun} rows written; ${cron.cpuMsPerRun} ms CPU per run on average.`,
        );
      const shared = sharedSideBySide(scenarios);
      if (shared.length > 0) {
        console.log(
          `\nThe ${SIZES[0]}-item collection shared with ${SHARED.members} people, the owner's pages beside a member's (a viewer); budget ${SHARED_QUERY_BUDGET} queries:`,
        );
        console.log(
          `${'page'.padEnd(18)}${'queries'.padStart(16)}${'rows read'.padStart(18)}${'p50 ms'.padStart(18)}${'CPU ms'.padStart(18)}`,
        );
        console.log(
          `${''.padEnd(18)}${'owner / member'.padStart(16)}${'owner / member'.padStart(18)}${'owner / member'.padStart(18)}${'owner / member'.padStart(18)}`,
        );
        for (const r of shared)
          console.log(
            `${r.page.padEnd(18)}${`${r.owner.queries} / ${r.member.queries}`.padStart(16)}${`${r.owner.rowsRead} / ${r.member.rowsRead}`.padStart(18)}${`${r.owner.p50Ms} / ${r.member.p50Ms}`.padStart(18)}${`${r.owner.cpuMs} / ${r.member.cpuMs}`.padStart(18)}${r.member.queries > SHARED_QUERY_BUDGET ? '   OVER BUDGET' : ''}`,
          );
      }
      if (holdOffers)
        console.log(
          `\n${holdOffers.name}: ${holdOffers.runs} runs offered ${holdOffers.offered} copies (at most ${holdOffers.maxOfferedPerRun} per run); per run at most ` +
            `${holdOffers.maxQueriesPerRun} queries, ${holdOffers.maxEmailRequestsPerRun} email requests (${holdOffers.maxSubrequestsPerRun} subrequests of the invocation's ${INVOCATION_LIMIT}), ` +
            `${holdOffers.maxRowsReadPerRun} rows read, ${holdOffers.maxRowsWrittenPerRun} rows written, ${holdOffers.maxUnitsPerRun} units of the job's budget; ` +
            `CPU ${holdOffers.cpuMsPerRun} ms per run on average (at most ${holdOffers.maxCpuMsPerRun}), wall ${holdOffers.wallMsPerRun} ms (at most ${holdOffers.maxWallMsPerRun}).`,
        );
      for (const name of ['item-create-10k', 'item-update-10k', 'item-delete-10k']) {
        const s = scenarios.find((x) => x.name === name);
        console.log(`\n${name}, rows written per statement:`);
        for (const st of s?.statements ?? []) if (st.written > 0) console.log(`${String(st.written).padStart(6)}  ${st.sql}`);
      }
      console.log(`\nCPU resolution: ${1000 / TICKS_PER_SECOND} ms per tick, averaged over each run.`);
    }
    if (!asJson && workflows.length > 0) {
      console.log(
        `\nWorkflows, per step: CPU of the workerd process, and its own (less the time waited on D1 and R2, which run on its thread locally); budget 10 ms and 50 queries a step`,
      );
      console.log(
        `${'run'.padEnd(22)} items  seconds  steps  max own CPU ms (step)    mean own  own >10ms  max process CPU ms (step)  max queries  max R2  rows written/item`,
      );
      for (const w of workflows) {
        if (w.skipped) {
          console.log(`${w.name.padEnd(22)} skipped: ${w.skipped}`);
          continue;
        }
        console.log(
          `${w.name.padEnd(22)}${String(w.items).padStart(6)}${String(w.totalSeconds).padStart(9)}${String(w.steps).padStart(7)}  ${`${w.maxStepOwnCpuMs} (${w.maxStepOwnCpuStep})`.padEnd(25)}${String(w.meanStepOwnCpuMs).padStart(8)}${String(w.stepsOwnOver10Ms).padStart(11)}  ${`${w.maxStepCpuMs} (${w.maxStepCpuStep})`.padEnd(27)}${String(w.maxQueriesPerStep).padStart(11)}${String(w.maxR2PerStep).padStart(8)}${String(w.rowsWrittenPerItem ?? '-').padStart(18)}`,
        );
      }
      console.log(
        "\nIsolate CPU (V8's profiler: the Worker's own JavaScript, native calls and garbage collection, what Cloudflare counts): heaviest step, 99th percentile, mean, steps over 10 ms, steps measured; then the same for the steps without a garbage-collection pause",
      );
      for (const w of workflows) {
        if (!w.skipped) {
          const parts = Object.entries(w.maxStepIsolateParts ?? {})
            .map(([kind, value]) => `${kind} ${value}`)
            .join(', ');
          console.log(
            `${w.name.padEnd(22)} ${w.maxStepIsolateMs} (${w.maxStepIsolateStep}: ${parts}), p99 ${w.p99StepIsolateMs}, mean ${w.meanStepIsolateMs}, ${w.stepsIsolateOver10Ms} over 10 ms, ${w.isolateMeasuredSteps} of ${w.steps}`,
          );
          console.log(
            `${''.padEnd(22)} without a GC pause (${w.isolateMeasuredSteps - w.stepsWithGcPause} steps): heaviest ${w.maxStepIsolateMsNoGc}, ${w.stepsIsolateOver10MsNoGc} over 10 ms`,
          );
        }
      }
      console.log('\nHeaviest step of each phase (isolate CPU, ms):');
      for (const w of workflows)
        if (!w.skipped && w.maxIsolateMsByPhase)
          console.log(
            `${w.name.padEnd(22)} ${Object.entries(w.maxIsolateMsByPhase)
              .map(([phase, cpu]) => `${phase} ${cpu}`)
              .join(', ')}`,
          );
      console.log('\nHeaviest step of each phase (own CPU, ms):');
      for (const w of workflows)
        if (!w.skipped)
          console.log(
            `${w.name.padEnd(22)} ${Object.entries(w.maxOwnCpuMsByPhase)
              .map(([phase, cpu]) => `${phase} ${cpu}`)
              .join(', ')}`,
          );
      console.log(
        "\nThe main thread alone (V8's helper threads left out), less the waits: heaviest step, 99th percentile, steps over 10 ms, and what the helpers added to the heaviest step above:",
      );
      for (const w of workflows)
        if (!w.skipped)
          console.log(
            `${w.name.padEnd(22)} ${w.maxStepOwnMainCpuMs} (${w.maxStepOwnMainCpuStep}), p99 ${w.p99StepOwnMainCpuMs}, ${w.stepsOwnMainOver10Ms} over 10 ms, helpers ${w.helperCpuMsOfHeaviestOwn}`,
          );
      const queueRun = workflows.find((w) => w.name === 'source-queue-200');
      if (queueRun)
        console.log(
          `\nsource-queue-200: ${queueRun.added} added, ${queueRun.sourceRequests} requests to the sources (Open Library answers each code first)`,
        );
      const csvRun = workflows.find((w) => w.name === 'import-csv-10k');
      console.log('\nimport-csv-10k, rows written per item by statement (one step of 50 items):');
      for (const st of csvRun?.writesPerItem ?? []) console.log(`${String(st.perItem).padStart(8)}  ${st.sql}`);
    }
  } finally {
    profiler?.close();
    if (child) stopWorker(child);
    email.close();
    pictures.close();
    probe.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
