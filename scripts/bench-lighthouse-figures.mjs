// The figures `npm run bench -- --lighthouse` reads from a Lighthouse result (scripts/bench-lighthouse.mjs),
// and their medians over a page's runs.

/** Loaded after the page has shown, as the sizes of scripts/bench.mjs count them: not the page's own. */
const SERVICE_WORKER_SCRIPT = /\/(sw\.js|workbox-[^/]*\.js|assets\/service-worker-[^/]*\.js)$/;

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One run's figures: the metrics Lighthouse simulated, the requests to the API and the pictures served
 * from R2 (from its network records, on `base` only), and the gzip size of the scripts the page loaded
 * (`gzipOf(url)` answers a script's, as the local server sends them uncompressed).
 */
export async function runFigures(lhr, base, gzipOf) {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const own = lhr.audits['network-requests'].details.items
    .filter((r) => r.url.startsWith(`${base}/`))
    .map((r) => ({ ...r, pathname: new URL(r.url).pathname }));
  const scripts = [...new Set(own.filter((r) => r.resourceType === 'Script' && !SERVICE_WORKER_SCRIPT.test(r.pathname)).map((r) => r.url))];
  // One at a time: the local server once left one of some fifty requests sent together unanswered.
  let jsGzipBytes = 0;
  for (const url of scripts) jsGzipBytes += await gzipOf(url);
  const metric = (id) => Math.round(lhr.audits[id].numericValue);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    apiCalls: own.filter((r) => r.pathname.startsWith('/api/v1/')).length,
    // Covers and thumbnails served: the seeded pictures really showing.
    covers: own.filter((r) => r.pathname.startsWith('/media/') && r.statusCode === 200).length,
    jsGzipKiB: kib(jsGzipBytes),
    scripts: scripts.map((url) => new URL(url).pathname),
  };
}

/** A page's line: the median of each figure over its runs (each figure on its own), the first run's scripts. */
export function pageMedians(name, path, runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  return {
    name,
    path,
    runs: runs.length,
    performance: of('performance'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    apiCalls: of('apiCalls'),
    covers: of('covers'),
    jsGzipKiB: of('jsGzipKiB'),
    scripts: runs[0].scripts,
  };
}
