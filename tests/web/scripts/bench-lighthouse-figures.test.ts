// The public pages' bench reads its figures from Lighthouse's network records: the API calls and the
// JavaScript counted must be the page's own, on the bench's server.
import { describe, expect, it } from 'vitest';
import { pageMedians, runFigures } from '../../../scripts/bench-lighthouse-figures.mjs';

const BASE = 'http://127.0.0.1:8887';

function result(
  requests: { url: string; resourceType: string; statusCode?: number }[],
  metrics = { score: 0.5, fcp: 1200.4, lcp: 3000.6, tbt: 250 },
) {
  return {
    finalDisplayedUrl: `${BASE}/collection/1`,
    categories: { performance: { score: metrics.score } },
    audits: {
      'first-contentful-paint': { numericValue: metrics.fcp },
      'largest-contentful-paint': { numericValue: metrics.lcp },
      'total-blocking-time': { numericValue: metrics.tbt },
      'network-requests': { details: { items: requests.map((r) => ({ statusCode: 200, ...r })) } },
    },
  };
}

const sizes: Record<string, number> = {
  [`${BASE}/assets/index-a.js`]: 2048,
  [`${BASE}/assets/collection-b.js`]: 1024,
  [`${BASE}/assets/service-worker-c.js`]: 4096,
  [`${BASE}/sw.js`]: 4096,
};
const gzipOf = async (url: string) => sizes[url] ?? Number.NaN;

describe('the figures of one Lighthouse run', () => {
  it("counts the page's API calls, covers and scripts on the bench's server only", async () => {
    const figures = await runFigures(
      result([
        { url: `${BASE}/collection/1`, resourceType: 'Document' },
        { url: `${BASE}/assets/index-a.js`, resourceType: 'Script' },
        { url: `${BASE}/assets/collection-b.js`, resourceType: 'Script' },
        // Fetched twice (a preload, then the import): one script.
        { url: `${BASE}/assets/collection-b.js`, resourceType: 'Script' },
        // Registered after the page has shown: not the page's weight.
        { url: `${BASE}/assets/service-worker-c.js`, resourceType: 'Script' },
        { url: `${BASE}/sw.js`, resourceType: 'Script' },
        { url: `${BASE}/api/v1/settings/public`, resourceType: 'Fetch' },
        { url: `${BASE}/api/v1/collections/1/items?perPage=50`, resourceType: 'Fetch' },
        { url: `${BASE}/api/v1/collections/1`, resourceType: 'Fetch' },
        // Not under /api/v1/, or on another server.
        { url: `${BASE}/api/other`, resourceType: 'Fetch' },
        { url: 'https://elsewhere.example/api/v1/x', resourceType: 'Fetch' },
        { url: 'https://elsewhere.example/lib.js', resourceType: 'Script' },
        { url: `${BASE}/media/collections/1/cover-1.png?size=thumb`, resourceType: 'Image' },
        { url: `${BASE}/media/collections/1/cover-2.png?size=thumb`, resourceType: 'Image', statusCode: 404 },
      ]),
      BASE,
      gzipOf,
    );
    expect(figures).toEqual({
      performance: 50,
      fcpMs: 1200,
      lcpMs: 3001,
      tbtMs: 250,
      apiCalls: 3,
      covers: 1,
      jsGzipKiB: 3,
      scripts: ['/assets/index-a.js', '/assets/collection-b.js'],
    });
  });

  it('stops on a run Lighthouse could not make', async () => {
    const failed = { ...result([]), runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } };
    await expect(runFigures(failed, BASE, gzipOf)).rejects.toThrow('NO_FCP');
  });
});

describe("a page's medians", () => {
  it('takes the median of each figure on its own', () => {
    const run = (performance: number, lcpMs: number, apiCalls: number) => ({
      performance,
      fcpMs: 900,
      lcpMs,
      tbtMs: 40,
      apiCalls,
      covers: 12,
      jsGzipKiB: 190.5,
      scripts: ['/assets/index-a.js'],
    });
    const line = pageMedians('lighthouse-item', '/collection/1/item/1000001', [run(60, 5000, 5), run(70, 3000, 9), run(65, 4000, 4)]);
    expect(line).toMatchObject({ name: 'lighthouse-item', runs: 3, performance: 65, lcpMs: 4000, apiCalls: 5, covers: 12 });
  });
});
