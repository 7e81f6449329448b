#!/usr/bin/env node
// `npm test`: the checks first (a type or lint error stops the run within a couple of minutes), then the
// unit suites and the browser suite side by side, and how long each took, so a slower suite shows in
// every run rather than in a later benchmark. Run one after the other, the two suites left a core of
// this project's two-core machine idle most of the time (docs/benchmarks.md, "Test suite time").
// Their lines are printed as they come, each marked with its suite.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const started = performance.now();
const times = [];

const check = spawnSync(npm, ['run', 'check'], { stdio: 'inherit' });
times.push(['check', (performance.now() - started) / 1000, check.status === 0]);

if (check.status === 0) {
  // `npm run check` has just built the web app the browser suite serves (`npm run build`), so the browser
  // suite is started without `npm run test:e2e`'s own build.
  const suites = [
    ['test:unit', npm, ['run', 'test:unit']],
    ['test:e2e', npx, ['playwright', 'test']],
  ];
  const results = await Promise.all(suites.map(([name, command, args]) => runMarked(name, command, args)));
  times.push(...results);
}

/** Runs a suite with its output marked line by line; settles with its name, seconds and outcome. */
function runMarked(name, command, args) {
  const start = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const mark = `[${name.replace('test:', '')}] `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${mark}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => resolve([name, (performance.now() - start) / 1000, code === 0]));
  });
}

// Rounded first, so 119.6 s reads "2 min 00 s", not "1 min 60 s".
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
console.log('\nTime per suite (the unit and browser suites run side by side)');
for (const [suite, seconds, passed] of times) {
  console.log(`  ${suite.padEnd(10)} ${minutes(seconds).padStart(12)}  ${passed ? 'passed' : 'failed'}`);
}
console.log(`  ${'total'.padEnd(10)} ${minutes((performance.now() - started) / 1000).padStart(12)}`);
process.exit(times.every(([, , passed]) => passed) ? 0 : 1);
