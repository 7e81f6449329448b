#!/usr/bin/env node
// `npm run check`: the static checks and the build, in two lanes side by side. Each check is a single
// process that keeps one core busy, so one after the other they left the second core idle for two minutes.
// A step's output is printed whole when it ends, so the lanes' lines never mix; the first failure stops
// its lane, the other lane finishes, and the command fails.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Each lane runs its steps in order: the dry-run deploy packs the build, so it comes after it. */
const LANES = [
  ['lint', 'build', 'deploy:dry-run'],
  ['typecheck', 'cycles', 'i18n:check', 'format:check'],
];

function runStep(script) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - start) / 1000).toFixed(1);
      const passed = code === 0;
      process.stdout.write(`\n── ${script}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(passed);
    });
  });
}

async function runLane(steps) {
  for (const step of steps) if (!(await runStep(step))) return false;
  return true;
}

const results = await Promise.all(LANES.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
