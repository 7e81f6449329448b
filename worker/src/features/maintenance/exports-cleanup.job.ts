// Exports with pictures are kept a day: then their pieces in R2 and their rows go, whether they ended,
// failed, or stopped running (a Workflow that died), and whether or not their collection is still there.
// So do backups of someone's collections (their exports are among the above) and restores of one, with
// the zip a restore that did not end left in R2.
import type { Job } from '@worker/jobs/job';

/** How long an export stays downloadable. */
export const EXPORT_KEPT_HOURS = 24;
/** Exports removed per run: each costs a listing and a deletion in R2 (pieces under 1,000). */
const PER_RUN = 5;

export const exportsCleanupJob: Job = {
  name: 'exports-cleanup',
  units: 5 + PER_RUN * 2,
  async run(env, { now, budget }) {
    const counts = { exports: 0, pieces: 0, archives: 0 };
    if (!budget.take()) return counts;
    const cutOff = new Date(now.getTime() - EXPORT_KEPT_HOURS * 3600_000).toISOString();
    const { results: archives } = await env.DB.prepare(
      'SELECT id, file_key FROM account_archives WHERE created_at < ?1 ORDER BY id LIMIT ?2',
    )
      .bind(cutOff, PER_RUN)
      .all<{ id: number; file_key: string | null }>();
    if (archives.length > 0 && budget.take(2)) {
      const uploads = archives.flatMap((a) => (a.file_key ? [a.file_key] : []));
      if (uploads.length > 0) await env.MEDIA.delete(uploads);
      await env.DB.prepare('DELETE FROM account_archives WHERE id IN (SELECT value FROM json_each(?1))')
        .bind(JSON.stringify(archives.map((a) => a.id)))
        .run();
      counts.archives = archives.length;
    }
    const { results } = await env.DB.prepare('SELECT id FROM collection_exports WHERE created_at < ?1 ORDER BY id LIMIT ?2')
      .bind(cutOff, PER_RUN)
      .all<{ id: number }>();
    const removed: number[] = [];
    for (const { id } of results) {
      if (!budget.take(2)) break;
      // A piece per 200 items: a listing of 1,000 keys holds a collection of 200,000 items; a larger one
      // loses a thousand pieces a run and its row stays until none is left.
      const listing = await env.MEDIA.list({ prefix: `exports/${id}/` });
      if (listing.objects.length > 0) await env.MEDIA.delete(listing.objects.map((o) => o.key));
      counts.pieces += listing.objects.length;
      if (!listing.truncated) removed.push(id);
    }
    if (removed.length > 0 && budget.take()) {
      await env.DB.prepare('DELETE FROM collection_exports WHERE id IN (SELECT value FROM json_each(?1))')
        .bind(JSON.stringify(removed))
        .run();
      counts.exports = removed.length;
    }
    return counts;
  },
};
