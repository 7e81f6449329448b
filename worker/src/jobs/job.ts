// What a scheduled job is given and what it must respect. A cron invocation has the same limits as a
// request on the free tier (50 D1 queries and subrequests, a few ms of CPU), shared by every job of
// that cron, so each job declares how many units of work it may spend and stops when they run out,
// leaving a cursor for the next run.
import type { Db, Env } from '../env';

/** Spending units: one unit is one D1 statement (a batch counts its statements) or one R2 call. */
export interface Budget {
  readonly left: number;
  /** Takes `units` if that many are left; false means stop now (saving the cursor) and resume next run. */
  take(units?: number): boolean;
}

export interface JobContext {
  /** The database's clock, read once per invocation: every job of a run agrees with it and with rows' timestamps. */
  now: Date;
  db: Db;
  /** Where the previous run stopped (null: from the beginning). */
  cursor: string | null;
  /** Where the next run should resume (null: start over). Saved when the job ends, even by an error. */
  saveCursor(cursor: string | null): void;
  budget: Budget;
}

/** Counts for the run's summary in the log (for example rows deleted, files removed). */
export type JobCounts = Record<string, number>;

export interface Job {
  /** Unique; also names the job's cursor in maintenance_state. */
  name: string;
  /** The most units one run may spend. */
  units: number;
  run(env: Env, context: JobContext): Promise<JobCounts>;
}

export function createBudget(units: number) {
  let left = units;
  let refused = false;
  return {
    get left() {
      return left;
    },
    get used() {
      return units - left;
    },
    /** Whether the job asked for more than was left, i.e. stopped with work remaining. */
    get refused() {
      return refused;
    },
    take(wanted = 1) {
      if (wanted > left) {
        refused = true;
        return false;
      }
      left -= wanted;
      return true;
    },
  };
}
