// The work of an export with pictures, a Workflow step at a time (exports.workflow.ts runs them). Each
// step leaves the run's row saying where the next one starts, in the same D1 batch as what it noted, so
// a step that runs again after a failure finds its work done or not done, never half done.
// 1. document: a page of items (200) becomes a piece of the Vitrine JSON in R2, its bytes added to the
//    document's size and running CRC-32; the stored files its values name (pictures, videos, others) are listed;
// 2. pictures: each listed file's size and CRC-32 are noted, about 2 MB a step.
// The download (exports.download.ts) then streams a zip of stored entries without computing anything.
import { MEDIA_PROPERTY_TYPES, type PropertyType } from '@shared/catalogue';
import { isMediaValue, mediaCollectionId } from '@shared/values';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '@worker/db/schema';
import { NOW_SQL } from '@worker/db/now';
import type { ExportRunRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { mediaKeyOf } from '@worker/lib/media';
import { crc32 } from '@worker/lib/zip-entry';
import { listPropertyRows, visibleProperties } from '../properties/properties.queries';
import { DOCUMENT_TAIL, documentHead, itemPage, itemsText, lastOf } from './export-document';

export type StepState = 'more' | 'next-phase' | 'stopped';

/**
 * Pictures a step measures at most, and bytes: a few milliseconds of CRC, inside fifty subrequests. 2 MB,
 * as a backup's media step: with 4 MB, V8's helper threads (the garbage of the bytes read) took that
 * step over 10 ms of CPU.
 */
const PICTURES_PER_STEP = 20;
const PICTURE_BYTES_PER_STEP = 2 * 1024 * 1024;

export async function loadExportRun(env: Env, id: number): Promise<ExportRunRow | null> {
  return env.DB.prepare('SELECT * FROM collection_exports WHERE id = ?1').bind(id).first<ExportRunRow>();
}

/** Where a piece of an export's document is kept in R2. */
export const documentPieceKey = (id: number, piece: number) => `exports/${id}/${piece}.json`;

/** The R2 keys of the files these values name (pictures, videos, others): media values of this collection's files. */
function picturesOf(values: unknown[], collectionId: number): string[] {
  return values
    .flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .flatMap((value) => (isMediaValue(value) && mediaCollectionId(value) === collectionId ? [mediaKeyOf(value)!] : []));
}

interface CollectionRow {
  owner_id: number;
  name: string;
  description: string | null;
  type: string;
  tags: string;
  image: string | null;
  visibility: number;
  borrowable: number;
  loan_period_days: number;
  reminder_days: number;
  offer_days: number;
}

/** The collection as the owner's document describes it: with its settings and picture. */
const exportedCollection = (row: CollectionRow) => ({
  ...row,
  owner: {
    settings: {
      visibility: row.visibility,
      borrowable: row.borrowable,
      loanPeriodDays: row.loan_period_days,
      reminderDays: row.reminder_days,
      offerDays: row.offer_days,
    },
    image: row.image,
  },
});

/** One page of items into the document; at the end of the items, the pictures' phase begins. */
export async function documentStep(env: Env, id: number): Promise<StepState> {
  const run = await loadExportRun(env, id);
  if (!run || run.status !== 'running') return 'stopped';
  if (run.phase !== 'document') return 'next-phase';
  const collection =
    run.collection_id === null
      ? null
      : await env.DB.prepare(
          'SELECT owner_id, name, description, type, tags, image, visibility, borrowable, loan_period_days, reminder_days, offer_days FROM collections WHERE id = ?1',
        )
          .bind(run.collection_id)
          .first<CollectionRow>();
  if (!collection || run.collection_id === null) {
    // The collection was deleted meanwhile: the run ends, so that its owner may start another.
    await markExportFailed(env, id);
    return 'stopped';
  }
  const collectionId = run.collection_id;
  // The owner's export: every property and item, the loans and the settings. A co-owner's holds what
  // they browse, as their download of the collection does (exports.routes.ts): levels 0 to 3.
  const whole = collection.owner_id === run.user_id;
  const every = await listPropertyRows(drizzle(env.DB, { schema }), run.collection_id);
  const props = whole ? every : visibleProperties(every, 3);
  const page = await itemPage(env.DB, run.collection_id, 3, whole, run.cursor);
  const last = lastOf(page);
  const text = [
    run.pieces === 0 ? documentHead(whole ? exportedCollection(collection) : { ...collection, owner: null }, props, run.exported_at) : '',
    await itemsText(env.DB, page, props, whole, run.items === 0),
    last === null ? DOCUMENT_TAIL : '',
  ].join('');
  const bytes = new TextEncoder().encode(text);
  await env.MEDIA.put(documentPieceKey(id, run.pieces), bytes, { httpMetadata: { contentType: 'application/json' } });
  // Every stored file goes with the document (pictures, videos and other files), so a restore loses none.
  const media = new Set(props.filter((p) => MEDIA_PROPERTY_TYPES.includes(p.type as PropertyType)).map((p) => p.id));
  const pictures = [
    ...new Set([
      // The collection's own picture goes with the first piece.
      ...(run.pieces === 0 ? picturesOf([collection.image], collectionId) : []),
      ...page.flatMap((row) => {
        const byId = JSON.parse(row.data) as Record<string, unknown>;
        return picturesOf(
          [...media].map((pid) => byId[pid]),
          collectionId,
        );
      }),
    ]),
  ];
  await env.DB.batch([
    env.DB.prepare('INSERT OR IGNORE INTO collection_export_pictures (export_id, object_key) SELECT ?1, value FROM json_each(?2)').bind(
      id,
      JSON.stringify(pictures),
    ),
    env.DB.prepare(
      `UPDATE collection_exports SET pieces = pieces + 1, document_size = document_size + ?2, document_crc = ?3, items = items + ?4,
        cursor = ?5, phase = CASE WHEN ?6 THEN 'pictures' ELSE phase END
       WHERE id = ?1 AND pieces = ?7`,
    ).bind(
      id,
      bytes.length,
      crc32(bytes, run.document_crc),
      page.length,
      page[page.length - 1]?.id ?? run.cursor,
      last === null ? 1 : 0,
      run.pieces,
    ),
  ]);
  return last === null ? 'next-phase' : 'more';
}

/** Up to twenty pictures (about 4 MB) measured; a picture gone from R2 since is left out. */
export async function picturesStep(env: Env, id: number): Promise<StepState> {
  const run = await loadExportRun(env, id);
  if (!run || run.status !== 'running') return 'stopped';
  const { results } = await env.DB.prepare(
    'SELECT object_key FROM collection_export_pictures WHERE export_id = ?1 AND crc IS NULL ORDER BY object_key LIMIT ?2',
  )
    .bind(id, PICTURES_PER_STEP)
    .all<{ object_key: string }>();
  if (results.length === 0) return 'next-phase';
  const measured: [string, number, number][] = [];
  const gone: string[] = [];
  let bytes = 0;
  for (const { object_key: key } of results) {
    if (bytes >= PICTURE_BYTES_PER_STEP) break;
    const object = await env.MEDIA.get(key);
    if (!object) {
      gone.push(key);
      continue;
    }
    const data = new Uint8Array(await object.arrayBuffer());
    measured.push([key, data.length, crc32(data)]);
    bytes += data.length;
  }
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE collection_export_pictures SET size = j.value ->> 1, crc = j.value ->> 2
       FROM json_each(?2) j WHERE export_id = ?1 AND object_key = j.value ->> 0`,
    ).bind(id, JSON.stringify(measured)),
    env.DB.prepare('DELETE FROM collection_export_pictures WHERE export_id = ?1 AND object_key IN (SELECT value FROM json_each(?2))').bind(
      id,
      JSON.stringify(gone),
    ),
    env.DB.prepare('UPDATE collection_exports SET pictures = pictures + ?2, bytes = bytes + ?3 WHERE id = ?1').bind(
      id,
      measured.length,
      bytes,
    ),
  ]);
  return 'more';
}

/** The export is ready to download. */
export async function finishStep(env: Env, id: number): Promise<void> {
  await env.DB.prepare(
    `UPDATE collection_exports SET status = 'done', phase = 'done', finished_at = ${NOW_SQL} WHERE id = ?1 AND status = 'running'`,
  )
    .bind(id)
    .run();
}

/**
 * The export stopped on an error that kept coming back (or its collection went). When it was part of a
 * backup of its owner's collections, the backup fails with it, and the exports still to make with it.
 */
export async function markExportFailed(env: Env, id: number): Promise<void> {
  const archive = `(SELECT archive_id FROM collection_exports WHERE id = ?1)`;
  await env.DB.batch([
    env.DB.prepare(`UPDATE collection_exports SET status = 'failed', finished_at = ${NOW_SQL} WHERE id = ?1 AND status = 'running'`).bind(
      id,
    ),
    env.DB.prepare(
      `UPDATE account_archives SET status = 'failed', problem = 'step_failed', finished_at = ${NOW_SQL} WHERE id = ${archive} AND status = 'running'`,
    ).bind(id),
    env.DB.prepare(
      `UPDATE collection_exports SET status = 'failed', finished_at = ${NOW_SQL} WHERE archive_id = ${archive} AND status = 'running'`,
    ).bind(id),
  ]);
}

/**
 * After an export that is part of a backup of its owner's collections: the next one to make, or null
 * when there is none (the backup is then ready, or failed with the export).
 */
export async function nextOfArchive(env: Env, id: number): Promise<number | null> {
  const run = await loadExportRun(env, id);
  if (!run?.archive_id) return null;
  if (run.status !== 'done') {
    await markExportFailed(env, id);
    return null;
  }
  const next = await env.DB.prepare(`SELECT id FROM collection_exports WHERE archive_id = ?1 AND status = 'running' ORDER BY id LIMIT 1`)
    .bind(run.archive_id)
    .first<{ id: number }>();
  if (next) return next.id;
  await env.DB.prepare(
    `UPDATE account_archives SET status = 'done', phase = 'done', finished_at = ${NOW_SQL} WHERE id = ?1 AND status = 'running'`,
  )
    .bind(run.archive_id)
    .run();
  return null;
}
