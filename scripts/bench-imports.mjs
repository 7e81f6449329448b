// The Workflows of `npm run bench`: imports (a 10,000-row CSV of the bench's 15-property book, then the
// same file again; the real 455-game BoardGameGeek collection with its covers), the books' export with
// pictures, a list of ISBNs, a backup of the instance, and one person's backup and restore. Each step of a
// measured Workflow tells a probe served here (a TCP server) when it starts and ends, the end with its D1
// statements, rows and R2 operations and how long it waited on D1 and R2 (worker/src/lib/step-metrics.ts).
// Three CPU figures come of it:
// - the workerd process's, between the two calls, from /proc/<pid>/task/*/schedstat: it includes local
//   D1's SQLite, R2's storage and the Workflow engine, so it over-states the step's CPU in production; less
//   the waits, it is the step's "own" CPU, and the same on the process's main thread alone leaves out
//   V8's helper threads;
// - the isolate's, from V8's sampling profiler on the Worker's isolate (startIsolateProfiler): the samples
//   taken while the step's window was open, which is what Cloudflare counts as a Worker's CPU time.
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import WebSocket from 'ws';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { bookCsv } from './bench-book-csv.mjs';
import { PROPERTIES } from './bench-seed.mjs';

// Beside the bench's Worker port (BENCH_PORT), so two benches on one machine do not meet.
const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8797);
export const PROBE_PORT = BENCH_PORT + 2;
export const PICTURES_PORT = BENCH_PORT + 3;
/** Records an import step writes (RECORDS_PER_STEP of worker/src/features/imports/imports.steps.ts). */
const RECORDS_PER_STEP = 25;
const BGG_FIXTURE = '../shared/fixtures/bgg/collection.xml';

/**
 * Nanoseconds the process's threads have been on the CPU: all of them, and its main thread alone (the
 * one that runs the Worker's JavaScript, and locally D1's SQLite and R2's storage too). The others are
 * V8's helpers (background compilation, concurrent garbage collection) and the runtime's I/O threads.
 */
function cpuNs(pid) {
  let all = 0;
  let main = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      all += ns;
      if (Number(tid) === pid) main = ns;
    } catch {
      // The thread ended between the listing and the reading.
    }
  }
  return { all, main };
}

/** Microseconds on the monotonic clock, the one V8's profiler stamps its samples with on Linux. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * V8's sampling profiler on the Worker's own isolate, through wrangler's inspector proxy (the DevTools
 * protocol). A sample is taken only while the isolate runs: its JavaScript, the runtime's native calls
 * made for it, and its garbage collection, which is what Cloudflare counts as a Worker's CPU time; not
 * D1's SQLite, R2's storage or the Workflow engine, which locally run in isolates of their own, nor V8's
 * helper threads. A step's **isolate CPU** is the time of its samples that are not idle, each lasting
 * until the next sample but at most the profile's sampling interval (the median gap between samples).
 * The proxy echoes each command; only the stop's answer, which carries the profile, is waited for.
 */
export async function startIsolateProfiler(inspectorUrl) {
  const socket = new WebSocket(inspectorUrl);
  await once(socket, 'open');
  let lastId = 0;
  const answers = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.result?.profile) answers.get(message.id)?.(message.result.profile);
  });
  const send = (method, params = {}) => {
    lastId += 1;
    socket.send(JSON.stringify({ id: lastId, method, params }));
    return lastId;
  };
  // Wrangler's proxy turns the Network domain on, and posts each of its events (a fetched cover makes
  // dozens, a chunk each) to its controller on a connection local workerd never closes: off, the
  // runtime stops sending them, and workerd stays far from this machine's 20,000 open files.
  send('Network.disable');
  send('Profiler.enable');
  send('Profiler.setSamplingInterval', { interval: 100 });
  send('Profiler.start');
  return {
    /** Stops the profile so far, gives each step it covers its isolate CPU, and starts a new one. */
    async attribute(steps) {
      const asked = send('Profiler.stop');
      const profile = await new Promise((resolve, reject) => {
        answers.set(asked, resolve);
        setTimeout(() => reject(new Error('the inspector gave no profile in 60 s')), 60_000).unref();
      });
      send('Profiler.start');
      const kindOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
      // A sample's function, for a heavy step's account of where its time went.
      const placeOf = new Map(
        profile.nodes.map((node) => {
          const { functionName, url, lineNumber } = node.callFrame;
          return [node.id, `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`];
        }),
      );
      const gaps = profile.timeDeltas.filter((d) => d > 0).sort((a, b) => a - b);
      const intervalUs = gaps[gaps.length >> 1] ?? 0;
      // Each sample stands for the time until the next one, at most one sampling interval (a longer gap
      // is time the isolate did not run), so a step's figure never exceeds its window. Running sums of
      // those times by kind: JavaScript, native code outside it ("(program)"), garbage collection.
      const times = [];
      const sums = { js: [0], program: [0], gc: [0] };
      let at = profile.startTime;
      for (let i = 0; i < profile.samples.length; i += 1) {
        at += profile.timeDeltas[i] ?? 0;
        times.push(at);
      }
      times.forEach((time, i) => {
        const name = kindOf.get(profile.samples[i]);
        const kind = name === '(idle)' ? null : name === '(program)' ? 'program' : name === '(garbage collector)' ? 'gc' : 'js';
        const lasted = Math.min(Math.max(0, (times[i + 1] ?? profile.endTime) - time), intervalUs);
        for (const [key, running] of Object.entries(sums)) running.push(running[running.length - 1] + (key === kind ? lasted : 0));
      });
      const firstAtOrAfter = (t) => {
        let lo = 0;
        let hi = times.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (times[mid] < t) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      for (const step of steps) {
        const [from, to] = step.windowUs ?? [];
        if (step.isolateMs !== null || from === undefined || from < profile.startTime || to > profile.endTime) continue;
        const [first, last] = [firstAtOrAfter(from), firstAtOrAfter(to)];
        const share = (kind) => (sums[kind][last] - sums[kind][first]) / 1000;
        step.isolateParts = { js: share('js'), program: share('program'), gc: share('gc') };
        step.isolateMs = step.isolateParts.js + step.isolateParts.program + step.isolateParts.gc;
        if (step.isolateMs > 5) {
          const tally = new Map();
          for (let i = first; i < last; i += 1) {
            const lasted = sums.js[i + 1] - sums.js[i] + (sums.program[i + 1] - sums.program[i]) + (sums.gc[i + 1] - sums.gc[i]);
            if (lasted > 0) tally.set(placeOf.get(profile.samples[i]), (tally.get(placeOf.get(profile.samples[i])) ?? 0) + lasted / 1000);
          }
          step.isolateTop = [...tally]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([place, ms]) => `${place} ${ms.toFixed(2)}`);
        }
      }
      return intervalUs;
    },
    close: () => socket.close(),
  };
}

/**
 * The probe each step calls at its start and end, and the measured steps' log lines: together, one
 * record per step with its CPU, D1 and R2 figures.
 */
export function startStepProbe() {
  let pid = null;
  const started = new Map();
  const cpu = new Map();
  const steps = [];
  const waiting = [];
  // One line a connection: `start<TAB>step` as a step starts, `end<TAB>{figures}` as it ends.
  const server = createTcpServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0) return;
      const now = { ...(pid ? cpuNs(pid) : { all: 0, main: 0 }), us: monotonicUs() };
      const [at, rest] = [text.slice(0, text.indexOf('\t')), text.slice(text.indexOf('\t') + 1, end)];
      if (at === 'start') started.set(rest, now);
      else {
        const logged = JSON.parse(rest);
        const from = started.get(logged.step) ?? now;
        cpu.set(logged.step, { all: now.all - from.all, main: now.main - from.main, window: [from.us, now.us] });
        record(logged);
      }
      socket.end('ok\n');
    });
    socket.on('error', () => {});
  });
  server.listen(PROBE_PORT, '127.0.0.1');
  /** A step's figures, with its CPU. */
  const record = (logged) => {
    const used = cpu.get(logged.step) ?? { all: 0, main: 0 };
    const cpuMs = used.all / 1e6;
    const waitedMs = (logged.d1.waitedMs ?? 0) + (logged.r2WaitedMs ?? 0);
    steps.push({
      ...logged,
      cpuMs,
      ownCpuMs: Math.max(0, cpuMs - waitedMs),
      // The main thread's share, and the same less the waits: V8's helper threads left out.
      mainCpuMs: used.main / 1e6,
      ownMainCpuMs: Math.max(0, used.main / 1e6 - waitedMs),
      windowUs: used.window,
      isolateMs: null,
    });
    for (const wake of waiting.splice(0)) wake();
  };
  return {
    address: `127.0.0.1:${PROBE_PORT}`,
    /** The workerd process whose CPU is read. */
    watch(workerdPid) {
      pid = workerdPid;
    },
    /** The steps of a run (named `<prefix> …`) once one of them matches `last`. */
    async run(prefix, last, timeoutMs = 30 * 60_000) {
      const deadline = Date.now() + timeoutMs;
      const mine = () => steps.filter((s) => s.step.startsWith(`${prefix} `));
      while (!mine().some(last)) {
        if (Date.now() > deadline) throw new Error(`${prefix}: no end after ${timeoutMs / 1000} s (${mine().length} steps seen)`);
        await new Promise((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 5000);
        });
      }
      return mine();
    },
    /** How many steps were seen so far, and the steps seen after such a count. */
    count: () => steps.length,
    after: (count) => steps.slice(count),
    close: () => server.close(),
  };
}

/**
 * Stands in for BoardGameGeek's picture server on 127.0.0.1: each address answers a different PNG of
 * about 200 KB (a picture signature, then bytes made from the address), as a cover of the site weighs.
 * Under /meta it is the metadata sources (METADATA_BASE_URL): Open Library knows every ISBN, with a
 * cover here; the other sources know none. It counts what the sources were asked.
 */
export function startPictureServer() {
  const host = `127.0.0.1:${PICTURES_PORT}`;
  const counted = { metadata: 0 };
  const server = createServer((req, res) => {
    if (req.url.startsWith('/meta/')) {
      counted.metadata += 1;
      const isbn = /^\/meta\/openlibrary\/api\/books\?bibkeys=ISBN:(\d+)&/.exec(req.url)?.[1];
      if (!isbn) return res.writeHead(404).end();
      const edition = {
        key: `/books/OL${isbn}M`,
        title: `Bench book ${isbn}`,
        authors: [{ name: 'Ursula K. Le Guin' }, { name: 'Stanisław Lem' }],
        publishers: [{ name: 'Bench Press' }],
        publish_date: '1974',
        number_of_pages: 387,
        identifiers: { isbn_13: [isbn] },
        subjects: [{ name: 'Science fiction' }, { name: 'Utopias' }],
        cover: { large: `http://${host}/covers/${isbn}-L.jpg` },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ [`ISBN:${isbn}`]: edition }));
    }
    const body = Buffer.alloc(200 * 1024);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
    Buffer.from(req.url.repeat(Math.ceil(body.length / req.url.length))).copy(body, 8);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(body);
  });
  server.listen(PICTURES_PORT, '127.0.0.1');
  return { host, counted, close: () => server.close() };
}

/** An ISBN-13 of the bench's own (979, a number, its check digit). */
export function benchIsbn(n) {
  const body = `979${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const camel = (flag) => flag.replace(/_(\w)/g, (_, c) => c.toUpperCase());

/** A step's phase: the one it named as it ran, else the third word of its name (`import 12 check 0`). */
const phaseOf = (s) => s.phase ?? s.step.split(' ')[2];

/** The isolate CPU of a run's steps (V8's profiler): the heaviest, the 99th percentile, the mean, over 10 ms. */
function isolateFigures(steps) {
  const measured = steps.filter((s) => s.isolateMs !== null);
  if (measured.length === 0) return { isolateMeasuredSteps: 0 };
  const sorted = [...measured].sort((a, b) => a.isolateMs - b.isolateMs);
  const heaviest = sorted[sorted.length - 1];
  const ms = (n) => Math.round(n * 100) / 100;
  // The steps a garbage-collection pause fell in (1 ms of it or more) set apart. workerd runs V8 without
  // incremental marking, so each full collection is one pause (14 to 43 ms here) and lands in whichever
  // step is running; a young-generation one up to 11 ms (docs/benchmarks.md, 2026-11-25, morning).
  const calm = measured.filter((s) => (s.isolateParts?.gc ?? 0) < 1);
  const heaviestCalm = calm.reduce((best, s) => (best && best.isolateMs >= s.isolateMs ? best : s), null);
  return {
    isolateMeasuredSteps: measured.length,
    maxStepIsolateMs: ms(heaviest.isolateMs),
    maxStepIsolateStep: heaviest.step.split(' ').slice(2).join(' '),
    p99StepIsolateMs: ms(sorted[Math.floor(sorted.length * 0.99)].isolateMs),
    meanStepIsolateMs: ms(measured.reduce((total, s) => total + s.isolateMs, 0) / measured.length),
    // Where the heaviest step's samples fell: JavaScript, native code outside it, garbage collection.
    maxStepIsolateParts: Object.fromEntries(Object.entries(heaviest.isolateParts ?? {}).map(([kind, value]) => [kind, ms(value)])),
    stepsIsolateOver10Ms: measured.filter((s) => s.isolateMs > 10).length,
    stepsWithGcPause: measured.length - calm.length,
    maxStepIsolateMsNoGc: heaviestCalm ? ms(heaviestCalm.isolateMs) : null,
    stepsIsolateOver10MsNoGc: calm.filter((s) => s.isolateMs > 10).length,
    maxIsolateMsByPhase: Object.fromEntries(
      [...new Set(measured.map(phaseOf))].map((phase) => [
        phase,
        ms(Math.max(...measured.filter((s) => phaseOf(s) === phase).map((s) => s.isolateMs))),
      ]),
    ),
  };
}

/** Figures of a run's steps: how many, the largest CPU and queries of any, rows written per item. */
function summary(name, steps, items, startedAt, extra = {}) {
  const max = (pick) => steps.reduce((best, s) => (pick(s) > pick(best) ? s : best));
  const heaviest = max((s) => s.cpuMs);
  const heaviestOwn = max((s) => s.ownCpuMs);
  const busiest = max((s) => s.d1.queries);
  const sum = (pick) => steps.reduce((total, s) => total + pick(s), 0);
  const ms = (n) => Math.round(n * 100) / 100;
  return {
    name,
    items,
    totalSeconds: Math.round((Date.now() - startedAt) / 100) / 10,
    steps: steps.length,
    maxStepCpuMs: ms(heaviest.cpuMs),
    maxStepCpuStep: heaviest.step.split(' ').slice(2).join(' '),
    meanStepCpuMs: ms(sum((s) => s.cpuMs) / steps.length),
    maxStepOwnCpuMs: ms(heaviestOwn.ownCpuMs),
    maxStepOwnCpuStep: heaviestOwn.step.split(' ').slice(2).join(' '),
    meanStepOwnCpuMs: ms(sum((s) => s.ownCpuMs) / steps.length),
    stepsOwnOver10Ms: steps.filter((s) => s.ownCpuMs > 10).length,
    // The same on the main thread alone, and how much the helper threads added to the heaviest step.
    maxStepOwnMainCpuMs: ms(max((s) => s.ownMainCpuMs).ownMainCpuMs),
    maxStepOwnMainCpuStep: max((s) => s.ownMainCpuMs)
      .step.split(' ')
      .slice(2)
      .join(' '),
    stepsOwnMainOver10Ms: steps.filter((s) => s.ownMainCpuMs > 10).length,
    ...isolateFigures(steps),
    p99StepOwnMainCpuMs: ms([...steps].map((s) => s.ownMainCpuMs).sort((a, b) => a - b)[Math.floor(steps.length * 0.99)] ?? 0),
    helperCpuMsOfHeaviestOwn: ms(heaviestOwn.cpuMs - heaviestOwn.mainCpuMs),
    maxQueriesPerStep: busiest.d1.queries,
    maxR2PerStep: max((s) => s.r2).r2,
    // Each phase's heaviest step (own CPU), by the phase's name.
    maxOwnCpuMsByPhase: Object.fromEntries(
      [...new Set(steps.map(phaseOf))].map((phase) => [
        phase,
        ms(Math.max(...steps.filter((s) => phaseOf(s) === phase).map((s) => s.ownCpuMs))),
      ]),
    ),
    rowsWritten: sum((s) => s.d1.rowsWritten),
    rowsWrittenPerItem: items > 0 ? ms(sum((s) => s.d1.rowsWritten) / items) : null,
    ...extra,
  };
}

export async function workflowScenarios({ base, token, probe, pictures, profiler, log }) {
  // Each call on a connection of its own: a kept-alive one left idle while a run goes on was found
  // closed by the server at times, and the next request then waited for undici's five-minute timeout.
  const api = async (method, path, body, as = token) => {
    const headers = as ? { Authorization: `Bearer ${as}` } : {};
    let payload;
    if (body instanceof Uint8Array) {
      headers['content-type'] = 'application/zip';
      payload = body;
    } else if (body instanceof FormData) {
      const encoded = new Response(body);
      headers['content-type'] = encoded.headers.get('content-type');
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const send = (timeoutMs) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(`${base}/api/v1${path}`, { method, headers, agent: false }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode, type: response.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) }),
          );
        });
        req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs / 1000} s`)));
        req.on('error', reject);
        req.end(payload);
      });
    // Local wrangler at times leaves a request unanswered after a long Workflow (two runs in four
    // stopped so): a GET, which changes nothing, is asked again on a new connection.
    let res;
    for (let attempt = 1; !res; attempt += 1) {
      try {
        res = await send(method === 'GET' ? 20_000 : 60_000);
      } catch (err) {
        if (method !== 'GET' || attempt === 3) throw err;
        log(`  ${err.message}; asked again`);
      }
    }
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${res.bytes.toString('utf8')}`);
    // A zip comes back as its bytes, anything else as JSON.
    return res.type.startsWith('application/json') ? JSON.parse(res.bytes.toString('utf8')) : new Uint8Array(res.bytes);
  };
  const importFile = async (collectionId, name, text, plan, as = token) => {
    const form = new FormData();
    form.set('file', new Blob([text]), name);
    form.set('plan', JSON.stringify(plan));
    const startedAt = Date.now();
    const run = await api('POST', `/collections/${collectionId}/imports`, form, as);
    log(`  import ${run.id} (${name}) started`);
    const steps = await probe.run(`import ${run.id}`, (s) => s.state === 'stopped');
    log(`  import ${run.id}: ${steps.length} steps`);
    const report = await api('GET', `/collections/${collectionId}/imports/${run.id}`, undefined, as);
    if (report.status !== 'done') throw new Error(`import ${run.id} ended ${report.status}: ${JSON.stringify(report)}`);
    return { steps, startedAt, report };
  };
  const results = [];
  // A run's figures once its steps have their isolate CPU from the profile so far.
  const measured = async (name, steps, ...rest) => {
    await profiler.attribute(steps);
    return summary(name, steps, ...rest);
  };

  // The bench's book, its properties made through the API with the seed's flags.
  const benchBooks = async (name, as = token) => {
    const collection = await api('POST', '/collections', { name, type: 'bench' }, as);
    for (const [key, type, label, flags] of PROPERTIES) {
      await api(
        'POST',
        `/collections/${collection.id}/properties`,
        {
          key,
          label,
          type,
          ...Object.fromEntries(Object.entries(flags).map(([flag, on]) => [camel(flag), on === 1])),
        },
        as,
      );
    }
    return collection;
  };
  const books = await benchBooks('Imported books');
  const rows = 10_000;
  const csv = bookCsv(rows);
  const plan = {
    format: 'csv',
    csv: { delimiter: ',', quote: '"', header: true },
    keyField: `c${csv.columns.indexOf('isbn')}`,
    covers: false,
    fields: csv.columns.map((key, i) => ({ field: `c${i}`, property: key, ...(key === 'authors' ? { split: '|' } : {}) })),
  };
  const first = await importFile(books.id, 'books.csv', csv.text, plan);
  // Where an item's rows go: the statements of one full import step, per item of the step.
  const sample = first.steps.find((s) => s.step.endsWith(' import 1'));
  const writesPerItem = (sample?.d1.statements ?? [])
    .filter((st) => st.written > 0)
    .map((st) => ({ sql: st.sql, perItem: Math.round((st.written / RECORDS_PER_STEP) * 100) / 100 }));
  results.push(
    await measured('import-csv-10k', first.steps, rows, first.startedAt, {
      added: first.report.counts.added,
      failed: first.report.counts.failed,
      writesPerItem,
    }),
  );
  const again = await importFile(books.id, 'books.csv', csv.text, plan);
  results.push(
    await measured('import-csv-10k-again', again.steps, rows, again.startedAt, {
      unchanged: again.report.counts.unchanged,
      added: again.report.counts.added,
    }),
  );

  // The imported books out again with their pictures (none here): the document's steps.
  const zipStartedAt = Date.now();
  const zip = await api('POST', `/collections/${books.id}/exports`);
  const zipSteps = await probe.run(`export ${zip.id}`, (s) => s.step.includes(' pictures ') && s.state === 'next-phase');
  results.push(await measured('export-zip-10k', zipSteps, rows, zipStartedAt));

  // BoardGameGeek: the real collection, its covers served by the stand-in on 127.0.0.1.
  if (existsSync(BGG_FIXTURE)) {
    const xml = readFileSync(BGG_FIXTURE, 'utf8').replace(/https:\/\/cf\.geekdo-images\.com\//g, `http://${pictures.host}/`);
    const games = await api('POST', '/collections', { name: 'Imported games', type: 'board_games' });
    const template = new Set(['title', 'year', 'cover', 'players_min', 'players_max', 'play_time', 'rating']);
    const created = {
      status: ['Status', 'text', true],
      plays: ['Plays', 'number', false],
      comment: ['Comment', 'longtext', false],
      link: ['Link', 'url', false],
    };
    const bggPlan = {
      format: 'bgg',
      covers: true,
      fields: [...template]
        .map((key) => ({ field: key, property: key }))
        .concat(
          Object.entries(created).map(([key, [label, type, multiple]]) => ({
            field: key,
            property: key,
            create: { label, type, multiple },
          })),
        ),
    };
    const bgg = await importFile(games.id, 'collection.xml', xml, bggPlan);
    const total = bgg.report.total;
    results.push(
      await measured('import-bgg-455', bgg.steps, total, bgg.startedAt, {
        added: bgg.report.counts.added,
        coversFetched: bgg.report.covers?.fetched ?? 0,
      }),
    );
  } else {
    results.push({ name: 'import-bgg-455', skipped: `${BGG_FIXTURE} is absent` });
  }

  // A list of 200 ISBNs looked up in the sources (Open Library answers each, with a 200 KB cover) and added.
  const shelfOfCodes = await api('POST', '/collections', { name: 'Scanned books', type: 'books' });
  const codes = Array.from({ length: 200 }, (_, n) => benchIsbn(n + 1));
  const askedBefore = pictures.counted.metadata;
  const queueStartedAt = Date.now();
  const queue = await api('POST', `/collections/${shelfOfCodes.id}/sources/queues`, { codes });
  const queueSteps = await probe.run(`source-queue ${queue.id}`, (s) => s.state === 'stopped');
  const queueDone = await api('GET', `/collections/${shelfOfCodes.id}/sources/queues/${queue.id}`);
  if (queueDone.status !== 'done') throw new Error(`list ${queue.id} ended ${queueDone.status}`);
  results.push(
    await measured('source-queue-200', queueSteps, codes.length, queueStartedAt, {
      added: queueDone.added,
      sourceRequests: pictures.counted.metadata - askedBefore,
    }),
  );

  // A backup of the whole instance as it now stands.
  const startedAt = Date.now();
  const backup = await api('POST', '/config/backups');
  const steps = await probe.run(`backup ${backup.id}`, (s) => s.step.endsWith(' manifest') || s.state === 'stopped');
  const done = await api('GET', `/config/backups/${backup.id}`);
  results.push(await measured('backup-instance', steps, 0, startedAt, { status: done.status, bytes: done.bytes ?? null }));

  // One reader's own collections backed up, then restored into their account: the bench's books
  // imported from the same file, and forty more with a 200 KB cover each.
  const reader = { username: 'bench-reader', password: 'bench-reader-password-1' };
  await api('POST', '/users', reader);
  const { token: readerToken } = await api('POST', '/token', { login: reader.username, password: reader.password }, null);
  const shelf = await benchBooks('Reader books', readerToken);
  await importFile(shelf.id, 'books.csv', csv.text, plan, readerToken);
  for (let n = 1; n <= 40; n += 1) {
    const form = new FormData();
    const picture = Buffer.alloc(200 * 1024, n);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(picture);
    form.set('file', new Blob([picture], { type: 'image/png' }), `cover-${n}.png`);
    const { value } = await api('POST', `/collections/${shelf.id}/media`, form, readerToken);
    await api('POST', `/collections/${shelf.id}/items`, { values: { title: `Covered book ${n}`, cover: value } }, readerToken);
  }
  const archiveDone = async (id) => {
    for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
      const archive = await api('GET', `/profile/archives/${id}`, undefined, readerToken);
      if (archive.status === 'done') return archive;
      if (archive.status === 'failed') throw new Error(`archive ${id} failed: ${JSON.stringify(archive)}`);
    }
    throw new Error(`archive ${id}: no end after 30 minutes`);
  };
  let seen = probe.count();
  const backupStartedAt = Date.now();
  const accountBackup = await api('POST', '/profile/backups', undefined, readerToken);
  await archiveDone(accountBackup.id);
  results.push(
    await measured(
      'backup-account',
      probe.after(seen).filter((s) => s.step.startsWith('export ')),
      rows + 40,
      backupStartedAt,
    ),
  );
  const archiveZip = await api('GET', `/profile/archives/${accountBackup.id}/file`, undefined, readerToken);
  seen = probe.count();
  const restoreStartedAt = Date.now();
  const restore = await api('POST', '/profile/restores', archiveZip, readerToken);
  await archiveDone(restore.id);
  const restoreSteps = probe.after(seen).filter((s) => s.step.startsWith('account-restore '));
  results.push(await measured('restore-account', restoreSteps, rows + 40, restoreStartedAt, { bytes: archiveZip.length }));
  // Every step's figures, for a closer look: BENCH_STEPS_FILE=steps.json npm run bench -- --workflows
  if (process.env.BENCH_STEPS_FILE)
    writeFileSync(
      process.env.BENCH_STEPS_FILE,
      JSON.stringify(
        probe.after(0).map(({ d1, ...step }) => ({
          ...step,
          queries: d1.queries,
          rowsRead: d1.rowsRead,
          rowsWritten: d1.rowsWritten,
          d1WaitedMs: d1.waitedMs,
        })),
      ),
    );
  return results;
}
