// `npm run bench -- --large-import`: a 77,600-row, 19 MB CSV of books (many columns, long summaries and
// notes, one rating in ten unreadable) imported through the API while `GET /api/v1/` is asked every
// 200 ms, as another person's page would, and the run's report every 1.5 s, as the import page does.
// The requests are sent at that pace whatever the answers, so a stall shows as every request that waited
// behind it, not as one slow sample. Prints their p50, p95 and max, the report's, and the import's total
// time and records a second. Takes several minutes, so it is a flag of its own.
import { request as httpRequest } from 'node:http';
import { bookCsv } from './bench-book-csv.mjs';
import { PROPERTIES } from './bench-seed.mjs';

export const LARGE_IMPORT_ROWS = 77_600;
const POLL_EVERY_MS = 200;
/** How often the import page reads the run's report while it goes on (RUNNING_REFRESH_MS of the web app). */
const REPORT_EVERY_MS = 1500;
const REQUEST_TIMEOUT_MS = 300_000;
/** The CSV: every bench property but the cover, and two long texts of its own (notes, a quotation). */
export const largeCsv = (rows = LARGE_IMPORT_ROWS) => bookCsv(rows, { title: 'Large import book', isbnPrefix: '978', long: true });

/** One request on a connection of its own; resolves with its latency in ms, or null when it failed. */
function timedGet(url) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => Math.round(n * 10) / 10;

/**
 * Imports the large CSV into a new collection with the bench's properties (notes and quote created by
 * the plan) while asking `GET /api/v1/` every 200 ms.
 */
export async function largeImportScenario({ base, token, log }) {
  // Each call on a connection of its own: a kept-alive one left idle was found closed by the server at
  // times (ECONNRESET), as in bench-imports.mjs. A GET, which changes nothing, is asked again.
  const api = async (method, path, body) => {
    const json = body && !(body instanceof FormData);
    const encoded = body && !json ? new Response(body) : null;
    const payload = json ? JSON.stringify(body) : encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
    const type = json ? 'application/json' : encoded?.headers.get('content-type');
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { status, text } = await new Promise((resolve, reject) => {
          const headers = { Authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) };
          const req = httpRequest(`${base}/api/v1${path}`, { method, headers, agent: false }, (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
          });
          req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: no answer`)));
          req.on('error', reject);
          req.end(payload);
        });
        if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${text}`);
        return JSON.parse(text);
      } catch (err) {
        if (method !== 'GET' || attempt === 3) throw err;
        log(`  ${err.message}; asked again`);
      }
    }
  };
  const collection = await api('POST', '/collections', { name: 'Large import', type: 'bench' });
  for (const [key, type, label, flags] of PROPERTIES) {
    const camel = Object.fromEntries(
      Object.entries(flags).map(([flag, on]) => [flag.replace(/_(\w)/g, (_, c) => c.toUpperCase()), on === 1]),
    );
    await api('POST', `/collections/${collection.id}/properties`, { key, label, type, ...camel });
  }
  const csv = largeCsv();
  const bytes = Buffer.byteLength(csv.text);
  log(`  ${LARGE_IMPORT_ROWS} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  const created = { notes: ['Notes', 'longtext'], quote: ['Quotation', 'longtext'] };
  const plan = {
    format: 'csv',
    csv: { delimiter: ',', quote: '"', header: true },
    keyField: `c${csv.columns.indexOf('isbn')}`,
    covers: false,
    fields: csv.columns.map((key, i) => ({
      field: `c${i}`,
      property: key,
      ...(key === 'authors' ? { split: '|' } : {}),
      ...(created[key] ? { create: { label: created[key][0], type: created[key][1], multiple: false } } : {}),
    })),
  };
  const form = new FormData();
  form.set('file', new Blob([csv.text]), 'large.csv');
  form.set('plan', JSON.stringify(plan));

  // The other person's page: a request every 200 ms from now until the import ends.
  const samples = [];
  const pending = [];
  const t0 = performance.now();
  const poller = setInterval(() => {
    const at = performance.now() - t0;
    pending.push(timedGet(`${base}/api/v1/`).then((ms) => samples.push({ at, ms })));
  }, POLL_EVERY_MS);
  const startedAt = Date.now();
  let run;
  try {
    run = await api('POST', `/collections/${collection.id}/imports`, form);
    const uploadSeconds = (Date.now() - startedAt) / 1000;
    log(`  import ${run.id} started after ${uploadSeconds.toFixed(1)} s (the upload request)`);
    let report;
    const reportMs = [];
    for (;;) {
      await new Promise((r) => setTimeout(r, REPORT_EVERY_MS));
      const asked = performance.now();
      report = await api('GET', `/collections/${collection.id}/imports/${run.id}`);
      reportMs.push(performance.now() - asked);
      if (process.env.BENCH_LARGE_IMPORT_TRACE)
        log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s: ${report.status} ${report.processed ?? ''}/${report.total ?? ''}`);
      if (!['fetching', 'checking', 'importing'].includes(report.status)) break;
    }
    if (report.status !== 'done') throw new Error(`import ${run.id} ended ${report.status}: ${JSON.stringify(report).slice(0, 500)}`);
    const totalSeconds = (Date.now() - startedAt) / 1000;
    clearInterval(poller);
    await Promise.all(pending);
    const answered = samples
      .filter((s) => s.ms !== null)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const slow = samples.filter((s) => s.ms === null || s.ms > 1000);
    return {
      name: 'large-import-csv',
      rows: LARGE_IMPORT_ROWS,
      megabytes: round(bytes / 1024 / 1024),
      added: report.counts.added,
      uploadSeconds: round(uploadSeconds),
      totalSeconds: round(totalSeconds),
      rowsPerSecond: Math.round(LARGE_IMPORT_ROWS / totalSeconds),
      requests: samples.length,
      unanswered: samples.length - answered.length,
      p50Ms: round(percentile(answered, 50)),
      p95Ms: round(percentile(answered, 95)),
      maxMs: round(answered[answered.length - 1]),
      over1s: slow.length,
      reportP95Ms: round(
        percentile(
          reportMs.sort((a, b) => a - b),
          95,
        ),
      ),
      reportMaxMs: round(reportMs[reportMs.length - 1]),
      problemsListed: report.problems.length,
      // When the slow ones were sent (seconds from the upload), to set beside the run's phases.
      slowAt: slow.slice(0, 20).map((s) => `${(s.at / 1000).toFixed(1)}s:${s.ms === null ? 'none' : Math.round(s.ms)}`),
    };
  } finally {
    clearInterval(poller);
  }
}
