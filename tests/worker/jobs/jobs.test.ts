// The scheduled jobs runner: wrangler.toml's crons match the registry, each cron's jobs fit one
// invocation's limits, the Worker's `scheduled` runs the jobs of the cron that fired, a failing job is
// logged while the others run, cursors resume, budgets stop a job, and every job reads one clock.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import wranglerToml from '../../../wrangler.toml?raw';
import worker from '@worker/index';
import type { Job } from '@worker/jobs/job';
import { INVOCATION_UNITS, SCHEDULE } from '@worker/jobs/registry';
import { runnerUnits, runScheduledJobs } from '@worker/jobs/run-jobs';
import { createUser } from '../../support/worker-app';

const DAILY = '17 3 * * *';

/** The strings of `crons = [...]` under [triggers]. */
function wranglerCrons(toml: string): string[] {
  const triggers = toml.split(/^\[triggers\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(triggers)?.[1] ?? '';
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

async function fireCron(cron: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the registry', () => {
  it('lists exactly the cron expressions of wrangler.toml', () => {
    const crons = wranglerCrons(wranglerToml);
    expect(crons.length).toBeGreaterThan(0);
    expect(new Set(crons).size).toBe(crons.length);
    expect([...crons].sort()).toEqual(Object.keys(SCHEDULE).sort());
  });

  it('keeps the jobs of each cron inside one invocation’s limits, with unique names', () => {
    for (const jobs of Object.values(SCHEDULE)) {
      const units = jobs.reduce((sum, job) => sum + job.units, 0) + runnerUnits(jobs);
      expect(units).toBeLessThanOrEqual(INVOCATION_UNITS);
    }
    const names = Object.values(SCHEDULE).flatMap((jobs) => jobs.map((job) => job.name));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the Worker’s scheduled handler', () => {
  it('runs the jobs of the cron that fired, and nothing for an unknown one', async () => {
    const { user } = await createUser();
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('expired', ?, '2000-01-01T00:00:00.000Z')")
      .bind(user.id)
      .run();
    const expired = () => env.DB.prepare("SELECT id FROM sessions WHERE id = 'expired'").first();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});

    await fireCron('*/5 * * * *');
    expect(warn).toHaveBeenCalledWith('no scheduled job for cron', '*/5 * * * *');
    expect(await expired()).not.toBeNull();

    await fireCron(DAILY);
    expect(await expired()).toBeNull();
    const summary = log.mock.calls.find(([entry]) => (entry as { message?: string }).message === 'scheduled jobs')![0] as {
      cron: string;
      jobs: { job: string; status: string }[];
    };
    expect(summary.cron).toBe(DAILY);
    expect(summary.jobs.map((j) => [j.job, j.status])).toEqual([
      ['purge-expired', 'done'],
      ['media-sweep', 'done'],
      ['exports-cleanup', 'done'],
    ]);
  });
});

describe('running jobs', () => {
  const quiet = () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    return vi.spyOn(console, 'error').mockImplementation(() => {});
  };

  it('logs a failing job, keeps the cursor it saved before failing, and still runs the others', async () => {
    const error = quiet();
    const ran: string[] = [];
    const failing: Job = {
      name: 'failing',
      units: 1,
      async run(_env, { saveCursor }) {
        saveCursor('half-way');
        throw new Error('source unavailable');
      },
    };
    const healthy: Job = {
      name: 'healthy',
      units: 1,
      async run() {
        ran.push('healthy');
        return { done: 1 };
      },
    };
    const reports = await runScheduledJobs(env, 'test', { schedule: { test: [failing, healthy] } });
    expect(reports.map((r) => [r.job, r.status])).toEqual([
      ['failing', 'failed'],
      ['healthy', 'done'],
    ]);
    expect(ran).toEqual(['healthy']);
    expect(error).toHaveBeenCalledWith('scheduled job failed', 'failing', expect.objectContaining({ message: 'source unavailable' }));
    const cursor = await env.DB.prepare("SELECT value FROM maintenance_state WHERE name = 'failing-cursor'").first<{ value: string }>();
    expect(cursor!.value).toBe('half-way');
  });

  it('resumes from the saved cursor, stops when the budget is spent, and starts over after the end', async () => {
    quiet();
    const work = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const seen: string[][] = [];
    const walker: Job = {
      name: 'walker',
      units: 3,
      async run(_env, { cursor, saveCursor, budget }) {
        const batch: string[] = [];
        let next = cursor ? Number(cursor) : 0;
        while (next < work.length && budget.take()) batch.push(work[next++]!);
        saveCursor(next < work.length ? String(next) : null);
        seen.push(batch);
        return { items: batch.length };
      },
    };
    const run = async () => (await runScheduledJobs(env, 'test', { schedule: { test: [walker] } }))[0]!;
    expect(await run()).toMatchObject({ status: 'stopped', units: 3, counts: { items: 3 } });
    expect(await run()).toMatchObject({ status: 'stopped', units: 3 });
    expect(await run()).toMatchObject({ status: 'done', units: 1 });
    expect(await run()).toMatchObject({ status: 'stopped', units: 3 });
    expect(seen).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g'], ['a', 'b', 'c']]);
  });

  it('gives every job of a run the same time, read from the database', async () => {
    quiet();
    const times: Date[] = [];
    const clockReader = (name: string): Job => ({
      name,
      units: 1,
      async run(_env, { now }) {
        times.push(now);
        return {};
      },
    });
    await runScheduledJobs(env, 'test', { schedule: { test: [clockReader('first'), clockReader('second')] } });
    expect(times[0]).toEqual(times[1]);
    const database = await env.DB.prepare("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now").first<{ now: string }>();
    expect(Math.abs(new Date(database!.now).getTime() - times[0]!.getTime())).toBeLessThan(5000);
  });
});
