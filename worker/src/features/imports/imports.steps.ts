// The work of an import, a Workflow step at a time (imports.workflow.ts runs them). Each step reads one
// window of the file from R2, starting where the last one stopped (imports.position), and leaves the
// import row saying where the next one starts, in the same D1 batch as its writes: a step that runs
// again after a failure finds its work either done or not done, never half done.
// 1. check: the whole file is read (and its records counted, a few hundred a step, fewer of JSON and
//    XML) before anything is written, so a file broken at its end changes nothing;
// 2. pictures: when the file came in a zip, its pictures are stored as the collection's media, twenty a
//    step, under names made from their content (the same picture imported again is the same value);
// 3. covers: when records give pictures by address (a BoardGameGeek or CSV cover), they are fetched
//    through the guarded fetch, three a step, and stored the same way; an address an earlier run of the
//    collection fetched, whose picture is still in use, is not fetched again;
// 4. import: twenty-five records a step become items (new, updated or unchanged, by their reference),
//    and the loans a program kept of them become borrowers and loans (import-loans.ts).
import { readRecords } from '@shared/import/formats';
import { ImportFileError } from '@shared/import/errors';
import { isPictureAddress, mapRecord, pictureKey, pictureName, type FieldMapping, type MappedRecord } from '@shared/import/mapping';
import { isImageName, readZipEntries, ZIP_MAX_IMAGE_BYTES, type ZipEntry } from '@shared/import/zip';
import { mediaStillUsed, sniffImage } from '@worker/lib/media';
import { fetchCover, storePicture, wantThumbnails } from '@worker/lib/pictures';
import type { ImportHead } from '@shared/import/records';
import { byteOffset, decodeText, type TextEncoding } from '@shared/import/text';
import type { CsvOptions } from '@shared/import/csv';
import type { ImportPlan } from '@shared/schemas/imports';
import { MEDIA_PROPERTY_TYPES, type PropertyType } from '@shared/catalogue';
import type { ImportRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { NOW_SQL } from '@worker/db/now';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '@worker/db/schema';
import { listPropertyRows } from '../properties/properties.queries';
import { findRecordItems } from './import-refs';
import { importWrites, rankTuning, splitAfter, type ImportedDraft } from '../items/items.writer';
import { embeddedPictureStep } from './imports.embedded';
import { loansDisabled, loanWrites, type LoanDraft } from './import-loans';
import { tellicoLoans, withListedLoans, type ProgramLoan } from '@shared/import/loans';
import { loansEnabled } from '../settings/settings.service';

/** Bytes of the file a step reads: at least the longest record a file may have (CSV_MAX_RECORD_CHARS). */
const WINDOW_BYTES = 256 * 1024;
/**
 * Records a check step counts at most (it writes nothing, so only parsing limits it). XML records cost
 * the most to parse: fifty BoardGameGeek games took from 3.96 to 32.62 ms of the process's CPU in runs
 * of `npm run bench -- --workflows`, and twenty-five take under 4 ms of the isolate's (docs/benchmarks.md).
 * A record of JSON is parsed whole (five hundred of a Vitrine document took 27.55 ms in a restore's
 * first check step), so a hundred and fifty; five hundred rows of CSV take under 5 ms.
 */
const CHECK_RECORDS_XML = 25;
const CHECK_RECORDS_JSON = 150;
const CHECK_RECORDS_CSV = 500;
const XML_FORMATS: ReadonlySet<string> = new Set([
  'gcstar',
  'tellico',
  'bgg',
  'goodreads_rss',
  'clz',
  'datacrow',
  'amc',
  'griffith',
  'kodi',
  'delicious',
  'delicious_plist',
]);
/**
 * Records an import step writes: about ten statements. Fifty took up to 20 ms of the Worker's own CPU
 * in `npm run bench` (mapping, the writer's statements), over the free plan's 10 ms a step; twenty-five
 * take 2.5 ms of the isolate's CPU at the median (V8's profiler, docs/benchmarks.md). Fewer would raise
 * the rows written per item, since a step's own rows (its report, the run's progress, the counters) are
 * shared by its records.
 */
export const RECORDS_PER_STEP = 25;

/** What the next step should do. */
export type StepState = 'more' | 'next-phase' | 'stopped';

/** The head as the import row keeps it: `start` is in bytes of the file. */
export interface StoredHead extends ImportHead {
  csv: CsvOptions;
}

/** The run, and whether its collection keeps sort ranks (its steps then place their items in them). */
async function loadImport(env: Env, id: number): Promise<(ImportRow & { ranked: number }) | null> {
  return env.DB.prepare(
    'SELECT i.*, EXISTS (SELECT 1 FROM sort_ranks WHERE collection_id = i.collection_id) AS ranked FROM imports i WHERE i.id = ?',
  )
    .bind(id)
    .first<ImportRow & { ranked: number }>();
}

/** The window of the file from `position`: its bytes, and whether it reaches the file's end. */
async function readWindow(env: Env, row: ImportRow, position = row.position): Promise<{ bytes: Uint8Array; final: boolean }> {
  // Nothing after the head (a header row without a newline): R2 refuses a range that starts at the end.
  if (position >= row.file_length) return { bytes: new Uint8Array(0), final: true };
  const object = await env.MEDIA.get(row.file_key, { range: { offset: position, length: WINDOW_BYTES } });
  if (!object) throw new Error(`import ${row.id}: file missing`);
  return { bytes: new Uint8Array(await object.arrayBuffer()), final: position + WINDOW_BYTES >= row.file_length };
}

/** Bytes a record of the file takes on average, once known: from the check's count, or as it goes. */
function averageRecordBytes(row: ImportRow, head: StoredHead): number | null {
  if (row.total && row.total > 0) return (row.file_length - head.start) / row.total;
  if (row.status === 'checking' && row.processed > 0) return (row.position - head.start) / row.processed;
  return null;
}

/** The least of a window decoded first. */
const MIN_PREFIX_BYTES = 16 * 1024;

/**
 * Up to `limit` records from a window, with the text they were read from and whether that text ends the
 * file. Decoding and parsing cost in proportion to the text, and a step needs a few records of a 256 KB
 * window (twenty-five rows of CSV are about 5 KB), so the window's start is read first, twice the
 * records' expected length. Only whole records come from it (it is never taken for the file's end);
 * when they are fewer than `limit`, or the start cuts the first one, the whole window is read.
 * `usedBytes`: the bytes those records took, where the next window starts.
 */
export function windowRecords(
  row: ImportRow,
  head: StoredHead,
  window: { bytes: Uint8Array; final: boolean },
  limit: number,
  firstRow: number,
) {
  const encoding = row.encoding as TextEncoding;
  const average = averageRecordBytes(row, head);
  const prefix = average === null ? window.bytes.length : Math.max(MIN_PREFIX_BYTES, Math.ceil(average * limit * 2));
  if (prefix < window.bytes.length) {
    // A character the prefix cuts at its end is left for the whole window (never read as U+FFFD).
    const text = decodeText(window.bytes.subarray(0, prefix), encoding, { cut: true }).text;
    try {
      const read = readRecords(head, head.csv, text, limit, false, firstRow);
      if (read.records.length >= limit) return { text, final: false, read, usedBytes: byteOffset(window.bytes, encoding, text, read.used) };
    } catch (err) {
      // A problem of the start alone (its cut record): the whole window says whether it is the file's.
      if (!(err instanceof ImportFileError)) throw err;
    }
  }
  const text = decodeText(window.bytes, encoding, { cut: !window.final }).text;
  const read = readRecords(head, head.csv, text, limit, window.final, firstRow);
  return { text, final: window.final, read, usedBytes: byteOffset(window.bytes, encoding, text, read.used) };
}

/**
 * Takes away the properties a failed run's plan created (made with the run, before its Workflow) that
 * hold no value: a file that could not be imported leaves nothing behind. The properties are made at
 * upload, not with the first record, so that the plan is checked and the run's steps read one collection
 * whatever happens; a run that wrote values keeps them and their properties. A scheduled source's
 * properties stay: its plan names them for its next runs.
 */
function dropUnusedProperties(env: Env, id: number): D1PreparedStatement[] {
  const drop = env.DB.prepare(
    `DELETE FROM properties
     WHERE collection_id = (SELECT collection_id FROM imports WHERE id = ?1 AND status = 'failed' AND source_id IS NULL)
       AND key IN (SELECT f.value ->> 'property' FROM imports i, json_each(i.plan, '$.fields') f
                   WHERE i.id = ?1 AND f.value ->> 'create' IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM item_values v WHERE v.property_id = properties.id)`,
  ).bind(id);
  // The collection changed when a property went: its readers see it (as touchCollection says).
  const touch = env.DB.prepare(
    `UPDATE collections SET updated_at = ${NOW_SQL} WHERE id = (SELECT collection_id FROM imports WHERE id = ?1) AND changes() > 0`,
  ).bind(id);
  return [drop, touch];
}

/** Stops the run with a file problem: nothing more is read or written. */
async function failWith(env: Env, id: number, err: ImportFileError) {
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE imports SET status = 'failed', error = ?2, error_details = ?3, finished_at = ${NOW_SQL}, updated_at = ${NOW_SQL}
       WHERE id = ?1 AND status IN ('checking', 'importing')`,
    ).bind(id, err.problem, JSON.stringify(err.details)),
    ...dropUnusedProperties(env, id),
  ]);
}

/** Marks a run that stopped on an unexpected error; what was imported stays. */
export async function markFailed(env: Env, id: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE imports SET status = 'failed', error = 'internal', finished_at = ${NOW_SQL}, updated_at = ${NOW_SQL}
       WHERE id = ? AND status IN ('fetching', 'checking', 'importing')`,
    ).bind(id),
    ...dropUnusedProperties(env, id),
  ]);
}

/**
 * What a reading of the file gives, or null when the file itself is at fault there: the run then stops as
 * failed with that problem, and nothing of this window is written.
 */
async function unlessFileAtFault<T>(env: Env, id: number, read: () => T): Promise<T | null> {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err;
    await failWith(env, id, err);
    return null;
  }
}

/** One window of the check: counts whole records; at the end, the import phase starts from the head. */
export async function checkStep(env: Env, id: number): Promise<StepState> {
  const row = await loadImport(env, id);
  if (!row || row.status !== 'checking') return row?.status === 'importing' ? 'next-phase' : 'stopped';
  const head = JSON.parse(row.head) as StoredHead;
  const window = await readWindow(env, row);
  const limit = XML_FORMATS.has(head.format) ? CHECK_RECORDS_XML : head.holder ? CHECK_RECORDS_JSON : CHECK_RECORDS_CSV;
  const windowRead = await unlessFileAtFault(env, id, () => windowRecords(row, head, window, limit, head.firstRow + row.processed));
  if (!windowRead) return 'stopped';
  const { read, usedBytes } = windowRead;
  const counted = row.processed + read.records.length;
  if (read.done) {
    if (counted === 0) {
      await failWith(env, id, new ImportFileError('no_records'));
      return 'stopped';
    }
    // A file holding its own pictures (imports.embedded.ts) has them after its records: their walk starts there.
    const recordsEnd = row.position + usedBytes;
    await env.DB.prepare(
      `UPDATE imports SET status = 'importing', total = ?2, position = ?3, processed = 0, updated_at = ${NOW_SQL},
        covers_position = CASE WHEN covers_wanted THEN ?3 END, archive_position = CASE WHEN archive_key = file_key THEN ?5 ELSE archive_position END
       WHERE id = ?1 AND status = 'checking' AND position = ?4`,
    )
      .bind(id, counted, head.start, row.position, recordsEnd)
      .run();
    return 'next-phase';
  }
  await env.DB.prepare(
    `UPDATE imports SET position = position + ?2, processed = ?3, updated_at = ${NOW_SQL} WHERE id = ?1 AND status = 'checking' AND position = ?4`,
  )
    .bind(id, usedBytes, counted, row.position)
    .run();
  return 'more';
}

/** Pictures a step stores at most: an R2 write each, well inside a step's fifty subrequests. */
export const PICTURES_PER_STEP = 20;
/**
 * Bytes of pictures a step takes at most, so that inflating them stays a few milliseconds of work: with
 * 2 MB, a restore's pictures step took up to 10.2 ms of the isolate's CPU (`npm run bench -- --workflows`).
 */
export const PICTURE_BYTES_PER_STEP = 1024 * 1024;

const enoughPictures = (found: readonly ZipEntry[]) =>
  found.length >= PICTURES_PER_STEP || found.reduce((sum, entry) => sum + entry.bytes.length, 0) >= PICTURE_BYTES_PER_STEP;

/**
 * One walk of the archive from where the last one stopped: up to twenty pictures, each checked by its
 * content as uploads are, stored in R2 and named in import_media. When the walk reaches the archive's end
 * the archive is deleted and the records' import begins.
 */
export async function pictureStep(env: Env, id: number): Promise<StepState> {
  const row = await loadImport(env, id);
  if (!row || row.status !== 'importing') return 'stopped';
  if (!row.archive_key) return 'next-phase';
  if (row.archive_key === row.file_key) {
    try {
      return await embeddedPictureStep(env, row);
    } catch (err) {
      if (!(err instanceof ImportFileError)) throw err;
      await failWith(env, id, err);
      return 'stopped';
    }
  }
  const object = await env.MEDIA.get(row.archive_key);
  if (!object) throw new Error(`import ${id}: archive missing`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  // The route read this archive already; a problem now is a picture too large or damaged: the run stops.
  const entries = await unlessFileAtFault(env, id, () =>
    readZipEntries(bytes, (name, index) => index >= row.archive_position && isImageName(name), ZIP_MAX_IMAGE_BYTES, enoughPictures),
  );
  if (!entries) return 'stopped';
  const stored: { name: string; value: string }[] = [];
  for (const entry of entries) {
    const image = sniffImage(entry.bytes);
    if (!image) continue;
    stored.push({ name: pictureName(entry.name), value: await storePicture(env, row.collection_id, entry.bytes, image) });
  }
  const finished = !enoughPictures(entries);
  const next = finished ? 0 : entries[entries.length - 1]!.index + 1;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO import_media (import_id, name, value)
       SELECT ?1, json_extract(value, '$.name'), json_extract(value, '$.value') FROM json_each(?2)`,
    ).bind(id, JSON.stringify(stored)),
    wantThumbnails(
      env,
      row.collection_id,
      stored.map((s) => s.value),
    ),
    env.DB.prepare(
      `UPDATE imports SET archive_position = ?2, archive_key = CASE WHEN ?3 THEN NULL ELSE archive_key END, updated_at = ${NOW_SQL}
       WHERE id = ?1 AND archive_position = ?4`,
    ).bind(id, next, finished ? 1 : 0, row.archive_position),
  ]);
  if (!finished) return 'more';
  await env.MEDIA.delete(row.archive_key);
  return 'next-phase';
}

/** The fields of the plan that go to properties of the collection of these types (image, by default). */
function pictureFieldsOf(
  plan: ImportPlan,
  properties: readonly { key: string; type: string }[],
  types: readonly string[] = ['image'],
): FieldMapping[] {
  const images = new Set(properties.filter((p) => types.includes(p.type)).map((p) => p.key));
  return plan.fields.filter((f) => images.has(f.property)).map((f) => ({ field: f.field, property: f.property, split: f.split }));
}

/** The texts a record gives for these fields, split as the plan says. */
const pictureTexts = (record: { values: Record<string, string[]> }, fields: readonly FieldMapping[]) =>
  fields.flatMap((f) =>
    (record.values[f.field] ?? [])
      .flatMap((t) => (f.split ? t.split(f.split) : [t]))
      .map((t) => t.trim())
      .filter(Boolean),
  );

/**
 * Records whose covers a step fetches at most (a record gives one, most often), and addresses: each is
 * a fetch and an R2 put, its content read, checked and hashed. Five records' covers of 200 KB took up to
 * 12.6 ms of the isolate's CPU in `npm run bench -- --workflows` (eleven steps of 92 over 10 ms); three,
 * with the guarded fetch reading a declared length natively, 4.7 ms at most (docs/benchmarks.md).
 */
const COVER_RECORDS_PER_STEP = 3;
const COVERS_PER_STEP = 5;
/**
 * The values an earlier run of this collection gave these addresses, when their pictures are still in
 * use (an unused picture may be gone from R2): those are not fetched again.
 */
async function knownCovers(env: Env, collectionId: number, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const { results } = await env.DB.prepare(
    `SELECT m.name, m.value FROM import_media m JOIN imports i ON i.id = m.import_id
     WHERE m.name IN (SELECT value FROM json_each(?2)) AND i.collection_id = ?1 AND m.value NOT LIKE '!%'`,
  )
    .bind(collectionId, JSON.stringify(addresses))
    .all<{ name: string; value: string }>();
  const used = await mediaStillUsed(
    env.DB,
    results.map((r) => r.value),
  );
  return new Map(results.filter((r) => used.has(r.value.toLowerCase())).map((r) => [r.name, r.value]));
}

/**
 * One walk of up to ten records from where the last one stopped: the addresses their picture fields
 * give are fetched (at most ten), stored, and named in import_media with their values (or why they gave
 * none). At the file's end, the records' import begins.
 */
export async function coverStep(env: Env, id: number): Promise<StepState> {
  const row = await loadImport(env, id);
  if (!row || row.status !== 'importing') return 'stopped';
  if (row.covers_position === null) return 'next-phase';
  const head = JSON.parse(row.head) as StoredHead;
  const plan = JSON.parse(row.plan) as ImportPlan;
  const fields = pictureFieldsOf(plan, await listPropertyRows(drizzle(env.DB, { schema }), row.collection_id));
  const window = await readWindow(env, row, row.covers_position);
  const firstRow = head.firstRow + row.covers_walked;
  const windowRead = await unlessFileAtFault(env, id, () => windowRecords(row, head, window, COVER_RECORDS_PER_STEP, firstRow));
  if (!windowRead) return 'stopped';
  const { text, final } = windowRead;
  let { read } = windowRead;
  // As many records as keep the addresses to fetch within the step's share (at least one record).
  const wanted: string[] = [];
  let taken = 0;
  for (const record of read.records) {
    const addresses = [...new Set(pictureTexts(record, fields).filter(isPictureAddress).map(pictureKey))].filter(
      (a) => !wanted.includes(a),
    );
    if (taken > 0 && wanted.length + addresses.length > COVERS_PER_STEP) break;
    wanted.push(...addresses.slice(0, COVERS_PER_STEP - wanted.length));
    taken += 1;
  }
  if (taken < read.records.length) {
    const fewer = readRecords(head, head.csv, text, taken, final, firstRow);
    read = { ...fewer, done: false };
  }
  const known = await knownCovers(env, row.collection_id, wanted);
  const fetched = await Promise.all(
    wanted
      .filter((a) => !known.has(a))
      .map(async (address) => ({ name: address, value: await fetchCover(env, row.collection_id, address) })),
  );
  const named = [...[...known].map(([name, value]) => ({ name, value })), ...fetched];
  const failed = fetched.filter((f) => f.value.startsWith('!')).length;
  const done = read.done;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO import_media (import_id, name, value)
       SELECT ?1, json_extract(value, '$.name'), json_extract(value, '$.value') FROM json_each(?2)`,
    ).bind(id, JSON.stringify(named)),
    wantThumbnails(
      env,
      row.collection_id,
      fetched.map((f) => f.value).filter((value) => !value.startsWith('!')),
    ),
    env.DB.prepare(
      `UPDATE imports SET covers_position = CASE WHEN ?2 THEN NULL ELSE covers_position + ?3 END, covers_walked = covers_walked + ?4,
        covers_fetched = covers_fetched + ?5, covers_failed = covers_failed + ?6, updated_at = ${NOW_SQL}
       WHERE id = ?1 AND covers_position = ?7`,
    ).bind(
      id,
      done ? 1 : 0,
      byteOffset(window.bytes, row.encoding as TextEncoding, text, read.used),
      taken,
      named.length - failed,
      failed,
      row.covers_position,
    ),
  ]);
  return done ? 'next-phase' : 'more';
}

/** The pictures of these records that the import took out of its zip or fetched, by name. */
async function picturesOf(env: Env, id: number, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { results } = await env.DB.prepare(
    `SELECT name, value FROM import_media WHERE import_id = ?1 AND name IN (SELECT value FROM json_each(?2)) AND value NOT LIKE '!%'`,
  )
    .bind(id, JSON.stringify([...new Set(names)]))
    .all<{ name: string; value: string }>();
  return new Map(results.map((r) => [r.name, r.value]));
}

/**
 * The loans Tellico lists after its entries, by entry id: read from the file's last window (its
 * <borrowers> follow the entries, their pictures and filters), by every step of a Tellico file.
 */
async function listedLoans(env: Env, row: ImportRow): Promise<Map<string, ProgramLoan[]>> {
  const object = await env.MEDIA.get(row.file_key, { range: { suffix: Math.min(WINDOW_BYTES, row.file_length) } });
  if (!object) return new Map();
  return tellicoLoans(decodeText(new Uint8Array(await object.arrayBuffer()), row.encoding as TextEncoding).text);
}

/** A record the import passes over or refuses, as the report keeps it. */
interface StepProblem {
  row: number;
  outcome: 'skipped' | 'failed' | 'kept';
  reason: string;
  property: string | null;
  text: string | null;
  title: string | null;
}

/** How a report names a record: its title's text, cut to a length that fits a report. */
const TITLE_MAX = 120;
const titleOf = (values: Record<string, unknown>, key: string | undefined) => {
  const value = key === undefined ? undefined : values[key];
  return typeof value === 'string' && value !== '' ? value.slice(0, TITLE_MAX) : null;
};

/**
 * One window of the import: up to RECORDS_PER_STEP records mapped to the collection's properties, written with
 * the step's report row and the run's progress in one batch.
 */
export async function importStep(env: Env, id: number): Promise<StepState> {
  const row = await loadImport(env, id);
  if (!row || row.status !== 'importing') return 'stopped';
  const head = JSON.parse(row.head) as StoredHead;
  const plan = JSON.parse(row.plan) as ImportPlan;
  const firstRow = head.firstRow + row.processed;
  const window = await readWindow(env, row);
  const windowRead = await unlessFileAtFault(env, id, () => windowRecords(row, head, window, RECORDS_PER_STEP, firstRow));
  if (!windowRead) return 'stopped';
  const { usedBytes: used } = windowRead;
  let { read } = windowRead;
  if (head.format === 'tellico') read = { ...read, records: withListedLoans(read.records, await listedLoans(env, row)) };
  const props = await listPropertyRows(drizzle(env.DB, { schema }), row.collection_id);
  const mappings: FieldMapping[] = plan.fields.map((f) => ({
    field: f.field,
    property: f.property,
    split: f.split,
    scale: f.scale ?? null,
  }));
  const titleKey = props.find((p) => p.isTitle)?.key;
  const mappedProps = props.map((p) => ({ key: p.key, type: p.type as PropertyType, multiple: p.multiple, required: p.required }));
  // Every media field: a restore's files (pictures, videos, others) are found by name as pictures are.
  const pictureFields = pictureFieldsOf(plan, props, MEDIA_PROPERTY_TYPES);
  const images = await picturesOf(
    env,
    id,
    read.records.flatMap((record) => pictureTexts(record, pictureFields).map(pictureKey)),
  );
  const letters: string[] = [];
  const problems: StepProblem[] = [];
  const drafts: (ImportedDraft & { index: number })[] = [];
  const seen = new Set<string>();
  const mappedRecords: MappedRecord[] = read.records.map((record) =>
    mapRecord(head.format, record, mappings, mappedProps, { keyField: plan.keyField, dateOrder: plan.dateOrder, images }),
  );
  // Items the records find again: a value they lack (a title the plan does not send) is kept from the item.
  const { existing, rekeys } = await findRecordItems(env.DB, row.collection_id, head.format, read.records, mappedRecords);
  read.records.forEach((record, index) => {
    const mapped = mappedRecords[index]!;
    const title = titleOf(mapped.values, titleKey);
    if (mapped.blank) {
      letters[index] = 's';
      problems.push({ row: record.row, outcome: 'skipped', reason: 'blank', property: null, text: null, title: null });
    } else if (seen.has(mapped.ref)) {
      letters[index] = 's';
      problems.push({ row: record.row, outcome: 'skipped', reason: 'duplicate', property: null, text: mapped.ref.slice(0, 80), title });
    } else if (mapped.refused && !existing.has(mapped.ref)) {
      letters[index] = 'f';
      for (const p of mapped.problems)
        problems.push({
          row: record.row,
          outcome: p.refuses ? 'failed' : 'kept',
          reason: p.reason,
          property: p.property,
          text: p.text,
          title,
        });
    } else {
      // Cells that cannot be their property's value are left out (or cut): the record is imported without them.
      seen.add(mapped.ref);
      drafts.push({ ref: mapped.ref, values: mapped.values, item: record.item, index });
      for (const p of mapped.problems) {
        if (!p.refuses) problems.push({ row: record.row, outcome: 'kept', reason: p.reason, property: p.property, text: p.text, title });
      }
    }
  });
  const writes = importWrites(
    env.DB,
    row.collection_id,
    props,
    drafts,
    existing,
    new Set(mappings.map((m) => m.property)),
    row.ranked === 1,
  );
  writes.outcomes.forEach((result, i) => {
    const draft = drafts[i]!;
    letters[draft.index] = result.outcome;
    if (result.outcome === 'f') {
      const record = read.records[draft.index]!;
      // The record is refused after all: its cells left out are no longer the news.
      for (let i = problems.length - 1; i >= 0; i -= 1)
        if (problems[i]!.row === record.row && problems[i]!.outcome === 'kept') problems.splice(i, 1);
      for (const issue of result.issues) {
        problems.push({
          row: record.row,
          outcome: 'failed',
          reason: issue.reason,
          property: issue.path.split('.')[1] ?? null,
          text: null,
          title: titleOf(draft.values, titleKey),
        });
      }
    }
  });
  const lending = await lendingOf(env, row.collection_id, read.records, mappedRecords, letters, titleKey);
  problems.push(...lending.problems);
  const outcomes = letters.join('');
  const count = (letter: string) => [...outcomes].filter((l) => l === letter).length;
  const statements = [
    ...rekeys,
    ...writes.statements,
    ...lending.statements,
    // The report row's key (import, first row) also makes a second run of the same step fail whole.
    env.DB.prepare('INSERT INTO import_steps (import_id, first_row, outcomes, problems) VALUES (?1, ?2, ?3, ?4)').bind(
      id,
      firstRow,
      outcomes,
      JSON.stringify(problems),
    ),
    env.DB.prepare(
      `UPDATE imports SET position = position + ?2, processed = processed + ?3, added = added + ?4, updated = updated + ?5,
        unchanged = unchanged + ?6, skipped = skipped + ?7, failed = failed + ?8, updated_at = ${NOW_SQL},
        status = CASE WHEN ?9 THEN 'done' ELSE status END, finished_at = CASE WHEN ?9 THEN ${NOW_SQL} END
       WHERE id = ?1`,
    ).bind(id, used, read.records.length, count('a'), count('u'), count('n'), count('s'), count('f'), read.done ? 1 : 0),
  ];
  const results = await env.DB.batch(statements);
  await splitAfter(env.DB, statements, results, writes.ranked, row.collection_id, props, rankTuning(env).split);
  return read.done ? 'stopped' : 'more';
}

/** The loans of the step's records that were written or found (import-loans.ts), or why they were not. */
async function lendingOf(
  env: Env,
  collectionId: number,
  records: readonly { row: number; loans?: ProgramLoan[]; item?: { quantity: number } }[],
  mapped: readonly MappedRecord[],
  letters: readonly string[],
  titleKey: string | undefined,
) {
  const drafts: LoanDraft[] = records.flatMap((record, index) =>
    record.loans?.length && ['a', 'u', 'n'].includes(letters[index]!)
      ? [
          {
            ref: mapped[index]!.ref,
            row: record.row,
            title: titleOf(mapped[index]!.values, titleKey),
            quantity: record.item?.quantity ?? 1,
            loans: record.loans,
          },
        ]
      : [],
  );
  if (drafts.length === 0) return { statements: [], problems: [] };
  if (!(await loansEnabled(env))) return { statements: [], problems: loansDisabled(drafts) };
  return loanWrites(env.DB, collectionId, drafts);
}
