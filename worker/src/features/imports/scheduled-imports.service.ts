// Scheduled imports: where their documents are (a file's address, BoardGameGeek's XML API, a
// Goodreads shelf's feed), how one is fetched (the guarded fetch, with the caps of an uploaded file), how
// a run of one starts (the cron, or "run now"), the Workflow's fetch step, and what a finished run means
// for its source: the next run's time, the failures in a row, and the owner's email at the third.
import { drizzle } from 'drizzle-orm/d1';
import { ImportFileError } from '@shared/import/errors';
import type { ImportSchedule, ScheduledImportSpec } from '@shared/schemas/scheduled-imports';
import { IMPORT_FILE_MAX_BYTES, type ImportPlan } from '@shared/schemas/imports';
import { isLocale, type Locale } from '@shared/constants';
import { NOW_SQL } from '@worker/db/now';
import type { ImportRow } from '@worker/db/raw-rows';
import * as schema from '@worker/db/schema';
import type { Env } from '@worker/env';
import { composeEmail, sendEmail } from '@worker/lib/email';
import { FetchRefused, guardedFetch } from '@worker/lib/guarded-fetch';
import { translate } from '@worker/i18n/messages';
import { listPropertyRows } from '../properties/properties.queries';
import { newFileKey, prepareFile, wantsCovers, workflowIdOf } from './imports.prepare';
import { instanceIdentity } from '../settings/settings.service';
import { greetingName } from '@worker/lib/person-name';
import { embedsPictures } from './imports.embedded';

/** A source's document is fetched within this time (BoardGameGeek can be slow for large collections). */
const SOURCE_TIMEOUT_MS = 60_000;
/** Failures in a row after which the owner is told. */
export const FAILURES_BEFORE_EMAIL = 3;
const HOUR_MS = 60 * 60 * 1000;
const PERIOD_MS: Record<ImportSchedule, number> = { daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };
/** After the first and second failure in a row, the next try comes this soon (then the schedule again). */
const RETRY_MS = [HOUR_MS, 4 * HOUR_MS];

/** The row of a source as D1 gives it. */
export interface SourceRow {
  id: number;
  collection_id: number;
  user_id: number;
  kind: ScheduledImportSpec['kind'];
  address: string;
  shelf: string | null;
  plan: string;
  schedule: ImportSchedule;
  next_run_at: string;
  failures: number;
  last_run_at: string | null;
  created_at: string;
}

/** The address a source's document is fetched from. */
export function sourceAddress(env: Env, spec: Pick<ScheduledImportSpec, 'kind' | 'address' | 'shelf'>): string {
  if (spec.kind === 'bgg') {
    const base = env.BGG_BASE_URL || 'https://boardgamegeek.com';
    return `${base}/xmlapi2/collection?username=${encodeURIComponent(spec.address)}&stats=1`;
  }
  if (spec.kind === 'goodreads') {
    const base = env.GOODREADS_BASE_URL || 'https://www.goodreads.com';
    return `${base}/review/list_rss/${encodeURIComponent(spec.address)}?shelf=${encodeURIComponent(spec.shelf || 'read')}`;
  }
  return spec.address;
}

/** The name a source's runs show. */
export function sourceFileName(spec: Pick<ScheduledImportSpec, 'kind' | 'address' | 'shelf'>): string {
  if (spec.kind === 'bgg') return `BoardGameGeek: ${spec.address}`;
  if (spec.kind === 'goodreads') return `Goodreads: ${spec.address} (${spec.shelf || 'read'})`;
  const url = new URL(spec.address);
  return (url.pathname.split('/').filter(Boolean).pop() || url.hostname).slice(0, 150);
}

/**
 * A source's document, or an ImportFileError saying why there is none: source_unreachable (with the
 * fetch's problem and status) or source_not_ready (BoardGameGeek answers 202 while it prepares it).
 */
export async function fetchSourceDocument(env: Env, spec: Pick<ScheduledImportSpec, 'kind' | 'address' | 'shelf'>): Promise<Uint8Array> {
  const headers: Record<string, string> = {};
  // BoardGameGeek's XML API asks applications for a token.
  if (spec.kind === 'bgg' && env.BGG_TOKEN) headers.authorization = `Bearer ${env.BGG_TOKEN}`;
  try {
    const fetched = await guardedFetch(env, sourceAddress(env, spec), {
      maxBytes: IMPORT_FILE_MAX_BYTES,
      timeoutMs: SOURCE_TIMEOUT_MS,
      headers,
    });
    if (fetched.status === 202) throw new ImportFileError('source_not_ready');
    return fetched.bytes;
  } catch (err) {
    if (err instanceof FetchRefused) {
      throw new ImportFileError('source_unreachable', { reason: err.problem, ...(err.status !== null && { status: err.status }) });
    }
    throw err;
  }
}

/** When a source runs next after a run that started at `from`. */
export const nextRunAfter = (schedule: ImportSchedule, from: Date) => new Date(from.getTime() + PERIOD_MS[schedule]);

/** The statement that records a new run of a source (status fetching: its file is not there yet). */
export function newSourceRun(d1: D1Database, source: SourceRow) {
  const plan = JSON.parse(source.plan) as ImportPlan;
  return d1
    .prepare(
      `INSERT INTO imports (collection_id, user_id, source_id, format, file_name, file_key, file_length, encoding, head, plan, status)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 'utf-8', '{}', ?7, 'fetching') RETURNING id, file_key`,
    )
    .bind(
      source.collection_id,
      source.user_id,
      source.id,
      plan.format,
      sourceFileName(source),
      newFileKey(source.collection_id),
      source.plan,
    );
}

/** Starts the Workflow of a run recorded by newSourceRun. */
export async function startRun(env: Env, run: { id: number; file_key: string }): Promise<void> {
  await env.IMPORTS.create({ id: workflowIdOf({ id: run.id, fileKey: run.file_key }), params: { importId: run.id } });
}

/** Stops a run on a problem of its source or file; nothing is written. */
async function failRun(env: Env, id: number, err: ImportFileError) {
  await env.DB.prepare(
    `UPDATE imports SET status = 'failed', error = ?2, error_details = ?3, finished_at = ${NOW_SQL}, updated_at = ${NOW_SQL}
     WHERE id = ?1 AND status = 'fetching'`,
  )
    .bind(id, err.problem, JSON.stringify(err.details))
    .run();
}

export type FetchOutcome = 'fetched' | 'not-ready' | 'stopped';

/**
 * The first step of a scheduled run: the source's document is fetched, read with the source's plan
 * (every field it maps must still be there), stored in R2 like an upload, and the run goes on as one.
 * BoardGameGeek's "not ready yet" is answered 'not-ready': the Workflow sleeps and asks again.
 */
export async function fetchStep(env: Env, id: number, lastTry: boolean): Promise<FetchOutcome> {
  const row = await env.DB.prepare('SELECT * FROM imports WHERE id = ?').bind(id).first<ImportRow>();
  if (!row || row.status !== 'fetching') return row && row.status !== 'cancelled' ? 'fetched' : 'stopped';
  const source =
    row.source_id === null
      ? null
      : await env.DB.prepare('SELECT * FROM import_sources WHERE id = ?').bind(row.source_id).first<SourceRow>();
  if (!source) {
    await failRun(env, id, new ImportFileError('source_unreachable', { reason: 'removed' }));
    return 'stopped';
  }
  const plan = JSON.parse(row.plan) as ImportPlan;
  let prepared: ReturnType<typeof prepareFile>;
  let bytes: Uint8Array;
  try {
    bytes = await fetchSourceDocument(env, source);
    prepared = prepareFile(bytes, plan, { emptyAllowed: true });
    const fields = new Set(prepared.head.fields.map((f) => f.key));
    const missing = plan.fields.find((f) => !fields.has(f.field));
    if (missing) throw new ImportFileError('fields_changed', { reason: missing.field });
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err;
    if (err.problem === 'source_not_ready' && !lastTry) return 'not-ready';
    await failRun(env, id, err);
    return 'stopped';
  }
  const properties = await listPropertyRows(drizzle(env.DB, { schema }), row.collection_id);
  const coversWanted = wantsCovers(plan, new Set(properties.filter((p) => p.type === 'image').map((p) => p.key)));
  const archiveKey = prepared.archive ? `${row.file_key}.zip` : embedsPictures(prepared.head) ? row.file_key : null;
  await env.MEDIA.put(row.file_key, prepared.document, { httpMetadata: { contentType: 'application/octet-stream' } });
  if (archiveKey && archiveKey !== row.file_key)
    await env.MEDIA.put(archiveKey, bytes, { httpMetadata: { contentType: 'application/zip' } });
  await env.DB.prepare(
    `UPDATE imports SET status = 'checking', file_length = ?2, encoding = ?3, head = ?4, position = ?5, archive_key = ?6,
      covers_wanted = ?7, updated_at = ${NOW_SQL}
     WHERE id = ?1 AND status = 'fetching'`,
  )
    .bind(
      id,
      prepared.document.length,
      prepared.encoding,
      JSON.stringify(prepared.head),
      prepared.head.start,
      archiveKey,
      coversWanted ? 1 : 0,
    )
    .run();
  return 'fetched';
}

/** Words for why a run failed, in the owner's language, for the email. */
function failureReason(locale: Locale, row: ImportRow): string {
  if (!row.error || row.error === 'internal') return translate(locale, 'error.INTERNAL');
  const details = row.error_details ? (JSON.parse(row.error_details) as { row?: number; limit?: number }) : {};
  return translate(locale, `import.${row.error}` as Parameters<typeof translate>[1], {
    row: details.row ?? '',
    maximum: details.limit ?? '',
  });
}

/**
 * What a finished run means for its source: a success clears the failures; a failure counts one more
 * and brings the next run closer (in an hour, then four, then the schedule again); the third failure in
 * a row is emailed to the owner, once. A cancelled run changes nothing.
 */
export async function settleSource(env: Env, id: number): Promise<void> {
  const row = await env.DB.prepare('SELECT * FROM imports WHERE id = ?').bind(id).first<ImportRow>();
  if (!row || row.source_id === null || (row.status !== 'done' && row.status !== 'failed')) return;
  if (row.status === 'done') {
    await env.DB.prepare(`UPDATE import_sources SET failures = 0, last_run_at = ?2, updated_at = ${NOW_SQL} WHERE id = ?1`)
      .bind(row.source_id, row.created_at)
      .run();
    return;
  }
  const source = await env.DB.prepare(
    `UPDATE import_sources SET failures = failures + 1, last_run_at = ?2, updated_at = ${NOW_SQL},
      next_run_at = CASE failures WHEN 0 THEN min(next_run_at, strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+${RETRY_MS[0]! / 1000} seconds'))
                                  WHEN 1 THEN min(next_run_at, strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+${RETRY_MS[1]! / 1000} seconds'))
                                  ELSE next_run_at END
     WHERE id = ?1 RETURNING *`,
  )
    .bind(row.source_id, row.created_at)
    .first<SourceRow>();
  if (!source || source.failures !== FAILURES_BEFORE_EMAIL) return;
  const owner = await env.DB.prepare(
    'SELECT u.email, u.locale, u.username, u.first_name, u.last_name, c.name AS collection FROM users u JOIN collections c ON c.id = ?2 WHERE u.id = ?1',
  )
    .bind(source.user_id, source.collection_id)
    .first<{
      email: string | null;
      locale: string | null;
      username: string;
      first_name: string | null;
      last_name: string | null;
      collection: string;
    }>();
  if (!owner?.email) return;
  const locale: Locale = isLocale(owner.locale ?? '') ? (owner.locale as Locale) : 'en_US';
  const instance = await instanceIdentity(env);
  const values = {
    collection: owner.collection,
    source: sourceFileName(source),
    reason: failureReason(locale, row),
    instance: instance.name,
  };
  const blocks = [
    translate(locale, 'email.greeting', {
      name: greetingName(locale, { username: owner.username, firstName: owner.first_name, lastName: owner.last_name }),
    }),
    translate(locale, 'email.source.failing.body', values),
    translate(locale, 'email.source.failing.next', values),
    ...(instance.baseUrl
      ? [
          {
            label: translate(locale, 'email.source.failing.action'),
            href: new URL(`/collection/${source.collection_id}/manage/import`, instance.baseUrl).href,
          },
        ]
      : []),
  ];
  await sendEmail(env, { to: owner.email, subject: translate(locale, 'email.source.failing.subject', values), ...composeEmail(blocks) });
}

/** A new schedule counts from now: weekly set today runs in a week, daily tomorrow. Null for no such source. */
export async function rescheduleSource(
  d1: D1Database,
  collectionId: number,
  id: number,
  schedule: ImportSchedule,
): Promise<SourceRow | null> {
  return d1
    .prepare(
      `UPDATE import_sources SET schedule = ?3, updated_at = ${NOW_SQL},
        next_run_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', CASE ?3 WHEN 'daily' THEN '+1 day' ELSE '+7 days' END)
       WHERE id = ?1 AND collection_id = ?2 RETURNING *`,
    )
    .bind(id, collectionId, schedule)
    .first<SourceRow>();
}

/** Removes a source (its runs stay, as imports); false for no such source. */
export async function deleteScheduledImport(d1: D1Database, collectionId: number, id: number): Promise<boolean> {
  const removed = await d1
    .prepare('DELETE FROM import_sources WHERE id = ?1 AND collection_id = ?2 RETURNING id')
    .bind(id, collectionId)
    .first();
  return removed !== null;
}
