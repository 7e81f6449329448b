// Expired sessions, spent or expired reset and email change links and invitations, metadata sources' stale answers, finished
// rate-limit windows and clients that have not signed in for months would otherwise grow forever. Each
// statement deletes at most a chunk of rows, so a backlog (say, after a burst of sign-in attempts from many
// addresses) is cleared over several days instead of blowing one run's limits or a day's rows-written
// allowance.
import type { Job } from '@worker/jobs/job';
import { KNOWN_FOR_SECONDS } from '../auth/known-clients.service';

/** The longest rate-limit window in use (a day: borrow requests to one item, confirmations to one address). */
const LONGEST_WINDOW_SECONDS = 86_400;
const CHUNK = 1000;

// The rowid subquery is SQLite's way to cap a DELETE (DELETE … LIMIT is a compile-time option D1 lacks).
// ?1 is the cut-off: a timestamp for sessions and reset links, a window start in seconds for rate limits.
const PURGES = [
  { table: 'sessions', sql: 'DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE expires_at < ?1 LIMIT ?2)' },
  {
    table: 'passwordResets',
    sql: 'DELETE FROM password_resets WHERE rowid IN (SELECT rowid FROM password_resets WHERE expires_at < ?1 OR used_at IS NOT NULL LIMIT ?2)',
  },
  {
    table: 'emailChanges',
    sql: 'DELETE FROM email_changes WHERE rowid IN (SELECT rowid FROM email_changes WHERE expires_at < ?1 OR used_at IS NOT NULL LIMIT ?2)',
  },
  {
    // An invitation that was used, withdrawn or has expired can no longer be used: it leaves the Sharing card.
    table: 'invitations',
    sql: 'DELETE FROM collection_invitations WHERE rowid IN (SELECT rowid FROM collection_invitations WHERE expires_at < ?1 OR used_at IS NOT NULL OR revoked_at IS NOT NULL LIMIT ?2)',
  },
  { table: 'sourceCache', sql: 'DELETE FROM source_cache WHERE rowid IN (SELECT rowid FROM source_cache WHERE expires_at < ?1 LIMIT ?2)' },
  { table: 'rateLimits', sql: 'DELETE FROM rate_limits WHERE rowid IN (SELECT rowid FROM rate_limits WHERE window_start < ?1 LIMIT ?2)' },
  {
    table: 'knownClients',
    sql: 'DELETE FROM known_clients WHERE rowid IN (SELECT rowid FROM known_clients WHERE last_sign_in < ?1 LIMIT ?2)',
  },
] as const;

export const purgeExpiredJob: Job = {
  name: 'purge-expired',
  units: 9,
  async run(env, { now, budget }) {
    const counts: Record<string, number> = {
      sessions: 0,
      passwordResets: 0,
      emailChanges: 0,
      invitations: 0,
      sourceCache: 0,
      rateLimits: 0,
      knownClients: 0,
    };
    const cutOff = {
      sessions: now.toISOString(),
      passwordResets: now.toISOString(),
      emailChanges: now.toISOString(),
      invitations: now.toISOString(),
      sourceCache: now.toISOString(),
      rateLimits: Math.floor(now.getTime() / 1000) - LONGEST_WINDOW_SECONDS,
      knownClients: Math.floor(now.getTime() / 1000) - KNOWN_FOR_SECONDS,
    };
    for (const purge of PURGES) {
      for (;;) {
        if (!budget.take()) return counts;
        const { meta } = await env.DB.prepare(purge.sql).bind(cutOff[purge.table], CHUNK).run();
        counts[purge.table]! += meta.changes;
        if (meta.changes < CHUNK) break;
      }
    }
    return counts;
  },
};
