#!/usr/bin/env node
// `npm test`: the checks, the unit suites and the browser suite, in that order and stopping at the first
// failure, then how long each took, so a slower suite shows in every run rather than in a later benchmark.
// The two suites side by side were tried: 7 to 11% faster, with the machine's load tripled; their one
// failure (the service worker answering "/") is fixed, and one green run is not yet enough to switch
// (docs/benchmarks.md, "Test suite time").
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const suites = [
  ['check', npm, ['run', 'check']],
  ['test:unit', npm, ['run', 'test:unit']],
  // `npm run check` has just built the web app the browser suite serves: no second build.
  ['test:e2e', npx, ['playwright', 'test']],
];
const times = [];
let status = 0;

for (const [suite, command, args] of suites) {
  const start = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  status = run.status ?? 1;
  times.push([suite, (performance.now() - start) / 1000, status === 0 ? 'passed' : 'failed']);
  if (status !== 0) break;
}

// Rounded first, so 119.6 s reads "2 min 00 s", not "1 min 60 s".
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
console.log('\nTime per suite');
for (const [suite, seconds, outcome] of times) console.log(`  ${suite.padEnd(10)} ${minutes(seconds).padStart(12)}  ${outcome}`);
console.log(`  ${'total'.padEnd(10)} ${minutes(times.reduce((sum, [, seconds]) => sum + seconds, 0)).padStart(12)}`);
process.exit(status);
