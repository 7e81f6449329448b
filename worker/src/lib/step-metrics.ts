// Measurement mode for `npm run bench` (EXPOSE_D1_METRICS=true): a Workflow step counts its D1 statements
// and rows (d1-metrics.ts) and its R2 operations, and logs them as one JSON line, since no response
// carries them. When MEASURE_PROBE_URL is set too, the step calls it as it starts and as it ends, so that
// the bench, which serves it on 127.0.0.1, reads the CPU time of the workerd process at both moments:
// CPU limits are not enforced locally and timers run during synchronous code there, so the process's
// own accounting is the honest measure. Local workerd also runs D1's SQLite and R2's storage on the
// Worker's thread, so the step notes how long it waited on each (`d1.waitedMs`, `r2WaitedMs`): the
// process's CPU less those is the step's own. Outside measurement mode the step runs as it is.
import type { Env } from '../env';
import { type D1Metrics, meteredD1 } from './d1-metrics';

/**
 * An object got from R2 whose body, read later, also counts as time waited on R2: locally, R2's storage
 * hands the bytes over on the Worker's thread, which in production is I/O, not the Worker's CPU.
 */
function timedBody(result: unknown, counter: { waitedMs: number }): unknown {
  if (!result || typeof result !== 'object' || !('arrayBuffer' in result)) return result;
  const body = result as Record<string, unknown>;
  for (const name of ['arrayBuffer', 'text', 'json', 'bytes', 'blob']) {
    const read = body[name];
    if (typeof read !== 'function') continue;
    const timed = async (...args: unknown[]) => {
      const start = performance.now();
      try {
        return await (read as (...a: unknown[]) => Promise<unknown>).apply(result, args);
      } finally {
        counter.waitedMs += performance.now() - start;
      }
    };
    try {
      Object.defineProperty(body, name, { value: timed });
    } catch {
      return result; // an object that takes no own property: measured as before
    }
  }
  return result;
}

/** An R2 binding that counts every call made through it (get, put, head, list, delete…). */
function meteredBucket(bucket: R2Bucket, counter: { r2: number; waitedMs: number }): R2Bucket {
  return new Proxy(bucket, {
    get(target, name) {
      const member = Reflect.get(target, name) as unknown;
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        counter.r2 += 1;
        const start = performance.now();
        try {
          return timedBody(await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args), counter);
        } finally {
          counter.waitedMs += performance.now() - start;
        }
      };
    },
  });
}

async function probe(env: Env, at: 'start' | 'end', step: string, state?: string) {
  if (!env.MEASURE_PROBE_URL) return;
  const url = new URL(env.MEASURE_PROBE_URL);
  url.searchParams.set('at', at);
  url.searchParams.set('step', step);
  if (state) url.searchParams.set('state', state);
  await (await fetch(url)).arrayBuffer();
}

/**
 * Runs one step's work; in measurement mode with bindings that count, between two calls of the probe,
 * and logs `{ message: 'workflow step measured', step, phase, d1, r2, r2WaitedMs, state }` (d1 with each
 * statement's rows and the time waited on D1). `step` names the run and the
 * step (for example `import 12 check 0`).
 */
export async function measuredStep<T>(env: Env, step: string, work: (env: Env, phase: (name: string) => void) => Promise<T>): Promise<T> {
  const ignore = () => {};
  if (env.EXPOSE_D1_METRICS !== 'true') return work(env, ignore);
  const d1: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0, statements: [], waitedMs: 0 };
  const counter = { r2: 0, waitedMs: 0 };
  // A step whose name cannot say its phase beforehand (a restore's) names it as it runs.
  let phase: string | undefined;
  await probe(env, 'start', step);
  const result = await work({ ...env, DB: meteredD1(env.DB, d1), MEDIA: meteredBucket(env.MEDIA, counter) }, (name) => (phase = name));
  const state = typeof result === 'string' ? result : undefined;
  await probe(env, 'end', step, state);
  console.log(JSON.stringify({ message: 'workflow step measured', step, phase, d1, r2: counter.r2, r2WaitedMs: counter.waitedMs, state }));
  return result;
}
