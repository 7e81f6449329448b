// Measurement mode for `npm run bench` (EXPOSE_D1_METRICS=true): a Workflow step counts its D1 statements
// and rows (d1-metrics.ts) and its R2 operations. When MEASURE_PROBE_ADDRESS is set too, the step tells
// the bench's probe (a TCP server on 127.0.0.1) as it starts and as it ends, the end with its figures, so
// that the bench reads the CPU time of the workerd process at both moments and places the step on the
// timeline of V8's profiler: CPU limits are not enforced locally and timers run during synchronous code
// there, so the process's own accounting is the honest measure. Local workerd also runs D1's SQLite and
// R2's storage on the Worker's thread, so the step notes how long it waited on each (`d1.waitedMs`,
// `r2WaitedMs`). Outside measurement mode the step runs as it is.
//
// The probe is a socket, not a fetch, and the figures go through it rather than the log: wrangler dev's
// inspector proxy posts each DevTools event of the Worker (every fetch makes several, every log line
// one) to its controller on a connection of its own that local workerd never closes, and thousands of
// steps ran it out of open files.
import { connect } from 'cloudflare:sockets';
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

/** One line to the probe (`start` and the step's name, or `end` and its figures as JSON), answered once read. */
async function probe(env: Env, line: string): Promise<void> {
  if (!env.MEASURE_PROBE_ADDRESS) return;
  const socket = connect(env.MEASURE_PROBE_ADDRESS);
  const writer = socket.writable.getWriter();
  await writer.write(new TextEncoder().encode(`${line}\n`));
  const reader = socket.readable.getReader();
  await reader.read();
  await socket.close();
}

/**
 * Runs one step's work; in measurement mode with bindings that count, between two calls of the probe,
 * and gives `{ message: 'workflow step measured', step, phase, d1, r2, r2WaitedMs, state }` (d1 with each
 * statement's rows and the time waited on D1) to the probe, or to the log. `step` names the run and the
 * step (for example `import 12 check 0`).
 */
export async function measuredStep<T>(env: Env, step: string, work: (env: Env, phase: (name: string) => void) => Promise<T>): Promise<T> {
  const ignore = () => {};
  if (env.EXPOSE_D1_METRICS !== 'true') return work(env, ignore);
  const d1: D1Metrics = { queries: 0, rowsRead: 0, rowsWritten: 0, statements: [], waitedMs: 0 };
  const counter = { r2: 0, waitedMs: 0 };
  // A step whose name cannot say its phase beforehand (a restore's) names it as it runs.
  let phase: string | undefined;
  await probe(env, `start\t${step}`);
  const result = await work({ ...env, DB: meteredD1(env.DB, d1), MEDIA: meteredBucket(env.MEDIA, counter) }, (name) => (phase = name));
  const state = typeof result === 'string' ? result : undefined;
  const figures = JSON.stringify({
    message: 'workflow step measured',
    step,
    phase,
    d1,
    r2: counter.r2,
    r2WaitedMs: counter.waitedMs,
    state,
  });
  // Without a probe, the figures go to the log.
  if (env.MEASURE_PROBE_ADDRESS) await probe(env, `end\t${figures}`);
  else console.log(figures);
  return result;
}
