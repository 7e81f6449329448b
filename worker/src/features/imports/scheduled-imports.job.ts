// Starts the runs of scheduled imports that are due: each becomes an import run (its document
// fetched by the run's own first Workflow step) and the source's next run moves a period on. A source
// whose previous run is still going on waits for the next hour. A run costs two units: one batch (the
// run and the source's next time) and one subrequest (the Workflow's creation).
import type { Job } from '@worker/jobs/job';
import { newSourceRun, nextRunAfter, startRun, type SourceRow } from './scheduled-imports.service';

const UNITS_PER_SOURCE = 2;
/** Sources one run starts at most: the rest wait for the next hour (an hour late at most, per five). */
const SOURCES_PER_RUN = 5;

export const scheduledImportsJob: Job = {
  name: 'scheduled-imports',
  units: 1 + SOURCES_PER_RUN * UNITS_PER_SOURCE,
  async run(env, { now, budget }) {
    if (!budget.take(1)) return { due: 0, started: 0 };
    const { results: due } = await env.DB.prepare(
      `SELECT s.* FROM import_sources s
       WHERE s.next_run_at <= ?1
         AND NOT EXISTS (SELECT 1 FROM imports i WHERE i.source_id = s.id AND i.status IN ('fetching', 'checking', 'importing'))
       ORDER BY s.next_run_at LIMIT ?2`,
    )
      .bind(now.toISOString(), SOURCES_PER_RUN)
      .all<SourceRow>();
    let started = 0;
    for (const source of due) {
      if (!budget.take(UNITS_PER_SOURCE)) break;
      // The next run counts from this one's time, or from now when runs were missed (never a burst).
      const from = new Date(Math.max(Date.parse(source.next_run_at), now.getTime() - 60 * 60 * 1000));
      const [ran] = await env.DB.batch<{ id: number; file_key: string }>([
        newSourceRun(env.DB, source),
        env.DB.prepare('UPDATE import_sources SET next_run_at = ?2 WHERE id = ?1').bind(
          source.id,
          nextRunAfter(source.schedule, from).toISOString(),
        ),
      ]);
      await startRun(env, ran!.results[0]!);
      started += 1;
    }
    return { due: due.length, started };
  },
};
