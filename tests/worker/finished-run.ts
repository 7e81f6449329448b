import { getJson } from '../support/worker-catalogue';

/**
 * How long a run's Workflow may take to finish. A run here hands over to new instances every few steps
 * (WORKFLOW_STEPS_PER_INSTANCE in vitest.config.ts), so no one instance says when the run is over: its
 * record, read as its page reads it, does. Sized for two cores loaded by a second copy of the suite (a
 * poll there can take ten times as long), and under the timeouts of the files with long runs, so a run
 * that never ends fails here, saying which.
 */
export const RUN_DEADLINE_MS = 120_000;
const POLL_EVERY_MS = 50;

/**
 * Reads with `read` until `done` holds of what it read, then returns that; past `deadlineMs`, fails
 * naming `what`. The one wait of the suite for work a Workflow or a request's waitUntil does later.
 */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  deadlineMs = RUN_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not finish within ${deadlineMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

/** A run (backup, export, archive, restore, source queue) once it is no longer running, read at `path`. */
export function finishedRun<T extends { status: string }>(path: string, token: string): Promise<T> {
  return waitUntil(
    () => getJson<T>(path, token),
    (run) => run.status !== 'running',
    path,
  );
}
