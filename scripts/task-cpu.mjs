#!/usr/bin/env node
// A load-robust estimate of a page's blocking time, to compare two builds on a busy machine.
// Lighthouse's simulated phone multiplies each main-thread task's wall time by 4, and on a loaded machine
// wall time is mostly waiting for a core. This script traces the page in Chromium (a 412 px phone,
// unthrottled) and sums each task's CPU time instead (the trace's `tdur`): for tasks after the first
// contentful paint until 1.5 s after `html[data-app="ready"]`, the sum of (4 × CPU − 50 ms) where positive.
// Runs alternate between the servers, and the median is printed with the four longest tasks of each run.
//
//   node scripts/task-cpu.mjs /collection/1 5 http://127.0.0.1:8790 http://127.0.0.1:8791
import { chromium } from '@playwright/test';

const [path, runs = '5', ...servers] = process.argv.slice(2);
if (!path || servers.length === 0) {
  console.error('usage: node scripts/task-cpu.mjs <path> <runs> <server URL>...');
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = new Map(servers.map((server) => [server, []]));

async function traceOnce(server) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
  await page.goto(new URL(path, server).href);
  await page.waitForSelector('html[data-app="ready"]', { timeout: 90_000 });
  await page.waitForTimeout(1_500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const cpu = events
    .filter(
      (event) => event.ph === 'X' && event.name === 'RunTask' && event.pid === paint.pid && mainThreads.has(`${event.pid}:${event.tid}`),
    )
    .filter((task) => task.ts >= paint.ts)
    .map((task) => (task.tdur ?? task.dur) / 1000)
    .sort((a, b) => b - a);
  return { blocking: Math.round(cpu.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0)), longest: cpu.slice(0, 4).map(Math.round) };
}

for (let run = 0; run < Number(runs); run += 1) {
  for (const server of servers) results.get(server).push(await traceOnce(server));
}
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [server, runsOf] of results) {
  const blocking = runsOf.map((run) => run.blocking);
  console.log(`${server}  estimated blocking ${median(blocking)} ms (runs: ${blocking.join(', ')})`);
  console.log(`  longest tasks' CPU, ms: ${runsOf.map((run) => run.longest.join('/')).join('  ')}`);
}
