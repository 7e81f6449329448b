// Runs the jobs scheduled on one cron expression, one after the other: each gets the database's clock,
// its cursor and its budget; a job that throws is logged and the next one still runs. One summary line
// per invocation says what each job did.
import { drizzle } from 'drizzle-orm/d1';
import { NOW_SQL } from '../db/now';
import * as schema from '../db/schema';
import { maintenanceState } from '../db/schema';
import type { Db, Env } from '../env';
import { createBudget, type Job, type JobCounts } from './job';
import { SCHEDULE, type Schedule } from './registry';

export interface JobReport {
  job: string;
  /** done: finished; stopped: out of budget, resumes next run; failed: threw (see the error log). */
  status: 'done' | 'stopped' | 'failed';
  units: number;
  counts: JobCounts;
}

/** Statements the runner itself spends: reading the clock and cursors, then one cursor write per job. */
export function runnerUnits(jobs: readonly Job[]): number {
  return 1 + jobs.length;
}

const cursorName = (job: Job) => `${job.name}-cursor`;

/** The database's clock and the saved cursors, in one statement. */
async function readClockAndCursors(d1: D1Database, jobs: readonly Job[]) {
  const row = await d1
    .prepare(
      `SELECT ${NOW_SQL} AS now,
        (SELECT json_group_object(name, value) FROM maintenance_state
         WHERE name IN (SELECT value FROM json_each(?1))) AS cursors`,
    )
    .bind(JSON.stringify(jobs.map(cursorName)))
    .first<{ now: string; cursors: string }>();
  return { now: new Date(row!.now), cursors: JSON.parse(row!.cursors) as Record<string, string> };
}

async function runJob(env: Env, db: Db, job: Job, now: Date, saved: string | null): Promise<JobReport> {
  const budget = createBudget(job.units);
  let cursor = saved;
  let status: JobReport['status'] = 'done';
  let counts: JobCounts = {};
  try {
    counts = await job.run(env, { now, db, cursor: saved, saveCursor: (next) => (cursor = next), budget });
    if (budget.refused) status = 'stopped';
  } catch (error) {
    status = 'failed';
    console.error('scheduled job failed', job.name, error);
  }
  if (cursor !== saved) {
    try {
      await db
        .insert(maintenanceState)
        .values({ name: cursorName(job), value: cursor ?? '' })
        .onConflictDoUpdate({ target: maintenanceState.name, set: { value: cursor ?? '' } });
    } catch (error) {
      status = 'failed';
      console.error('scheduled job cursor not saved', job.name, error);
    }
  }
  return { job: job.name, status, units: budget.used, counts };
}

export async function runScheduledJobs(env: Env, cron: string, options: { schedule?: Schedule; now?: Date } = {}): Promise<JobReport[]> {
  const jobs = (options.schedule ?? SCHEDULE)[cron];
  if (!jobs?.length) {
    console.warn('no scheduled job for cron', cron);
    return [];
  }
  const db = drizzle(env.DB, { schema });
  const clock = await readClockAndCursors(env.DB, jobs);
  const now = options.now ?? clock.now;
  const reports: JobReport[] = [];
  for (const job of jobs) {
    const saved = clock.cursors[cursorName(job)] || null;
    reports.push(await runJob(env, db, job, now, saved));
  }
  console.log({ message: 'scheduled jobs', cron, now: now.toISOString(), jobs: reports });
  return reports;
}
