// Waiting for a Workflow's run (an import, an export, a backup, a list of ISBNs) to end, reading it as
// its page does.
import { getJson } from './worker-catalogue';

/**
 * Reads `path` every 50 ms until its status is none of `running`, and answers it; throws after
 * `attempts` reads, naming the path.
 */
export async function finishedRun<T extends { status: string }>(
  token: string,
  path: string,
  { running = ['running'], attempts = 600 }: { running?: readonly string[]; attempts?: number } = {},
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const run = await getJson<T>(path, token);
    if (!running.includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not finish`);
}
