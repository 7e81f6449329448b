// A restore of a person's backup into their own account, a Workflow step at a time
// (account-restore.workflow.ts calls `restoreStep` until it says the run is over). The uploaded zip is
// read by range (lib/zip-ranges.ts): its entries are listed once, then each collection of its manifest
// is made again in turn, in four phases the archive row names:
// 1. create: the collection (name, type, settings) with its properties, and an import of its document
//    (an imports row, read by the import's own steps), in one D1 batch;
// 2. pictures: the collection's stored files (pictures, videos, others), as many a step as an import of a
//    zip takes (twenty, about 1 MB), stored as its media under names made from their content and named in
//    import_media, as an import of a zip does;
// 3. import: the import's check and import steps (imports/imports.steps.ts, through imports.service.ts), which give each item its values,
//    settings, dates and loans (items.writer.ts importWrites);
// 4. the collection's picture set from those stored, and on to the next collection.
// Every step leaves the row saying where the next one starts, in the same batch as its writes.
import { COLLECTION_NAME_MAX_LENGTH, MAX_PROPERTIES } from '@shared/catalogue';
import { ImportFileError } from '@shared/import/errors';
import { readJsonHead } from '@shared/import/json';
import { isPictureAddress, pictureName } from '@shared/import/mapping';
import { decodeText } from '@shared/import/text';
import { type ExportHead, vitrineHead, VITRINE_EXPORT_FORMAT } from '@shared/import/vitrine';
import {
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_VERSION,
  ACCOUNT_MANIFEST_NAME,
  type AccountManifest,
  type ArchiveProblem,
} from '@shared/schemas/account-archives';
import { createCollectionInput } from '@shared/schemas/collections';
import { importPlan, type ImportPlan } from '@shared/schemas/imports';
import { NOW_SQL } from '@worker/db/now';
import type { AccountArchiveRow, RestoreEntryRow } from '@worker/db/raw-rows';
import type { Env } from '@worker/env';
import { storedFileName } from '@worker/lib/media';
import { DamagedZip, listZipEntries, placeOf, readZipEntry } from '@worker/lib/zip-ranges';
import { isSystemJunk } from '@shared/zip-junk';
import {
  checkStep,
  HEAD_BYTES,
  importStep,
  markFailed,
  PICTURE_BYTES_PER_STEP,
  PICTURES_PER_STEP,
  prepareFile,
} from '../imports/imports.service';
import { restoredLabelTemplate } from './restored-labels';
import { wantThumbnails } from '@worker/lib/pictures';
import { restorableSize, storeRestoredFile } from '@worker/lib/restored-files';

/** Entries a restore takes at most: a zip bomb of tiny entries is refused before anything. */
const MAX_ENTRIES = 200_000;
/** The largest entry a restore reads: a collection's document or a picture, with room. */
const ENTRY_MAX_BYTES = 32 * 1024 * 1024;
/** The collections one archive may hold. */
const MAX_COLLECTIONS = 1_000;
/** Entries written to D1 by one statement when the zip is listed. */
const ENTRIES_PER_STATEMENT = 1_000;

export type RestoreState = 'more' | 'over';

/** The archive cannot be restored, for this reason: the run ends with it. */
export class ArchiveFailure extends Error {
  /** `part`: with archive_damaged, the entry or folder of the zip at fault, as the run then says it. */
  constructor(
    readonly problem: ArchiveProblem,
    readonly part: string | null = null,
  ) {
    super(problem);
  }
}

type ArchiveRow = AccountArchiveRow;
type EntryRow = RestoreEntryRow;

const loadArchive = (env: Env, id: number) => env.DB.prepare('SELECT * FROM account_archives WHERE id = ?1').bind(id).first<ArchiveRow>();

/** The run ends as failed, with why. */
export async function markArchiveFailed(env: Env, id: number, problem: ArchiveProblem, part: string | null = null): Promise<void> {
  await env.DB.prepare(
    `UPDATE account_archives SET status = 'failed', problem = ?2, problem_part = ?3, finished_at = ${NOW_SQL} WHERE id = ?1 AND status = 'running'`,
  )
    .bind(id, problem, part)
    .run();
}

/** The collection document being made again (with its collection and import once they exist). */
const documentOf = (env: Env, id: number, folder: number) =>
  env.DB.prepare(`SELECT * FROM account_restore_entries WHERE archive_id = ?1 AND folder = ?2 AND kind = 'document'`)
    .bind(id, folder)
    .first<EntryRow>();

/**
 * The next piece of the restore, whatever phase it is in; 'over' once it ended (done or failed).
 * `phase` is told which phase the step runs (for `npm run bench`).
 */
export async function restoreStep(env: Env, id: number, phase: (name: string) => void = () => {}): Promise<RestoreState> {
  const row = await loadArchive(env, id);
  if (!row || row.kind !== 'restore' || row.status !== 'running') return 'over';
  phase(row.phase);
  try {
    switch (row.phase) {
      case 'open':
        return await openStep(env, row);
      case 'create':
        return await createStep(env, row);
      case 'pictures':
        return await picturesStep(env, row);
      case 'import':
        return await importPhaseStep(env, row);
      default:
        return 'over';
    }
  } catch (err) {
    if (err instanceof DamagedZip) {
      await markArchiveFailed(env, id, 'archive_damaged');
      return 'over';
    }
    if (!(err instanceof ArchiveFailure)) throw err;
    await markArchiveFailed(env, id, err.problem, err.part);
    return 'over';
  }
}

/** Lists the zip's entries that the manifest names, once, after checking the manifest. */
async function openStep(env: Env, row: ArchiveRow): Promise<RestoreState> {
  const listed = await listZipEntries(env.MEDIA, row.file_key!);
  if (!listed) throw new ArchiveFailure('not_an_archive');
  if (listed.length > MAX_ENTRIES) throw new ArchiveFailure('archive_damaged');
  // What a computer added to the folders (.DS_Store, __MACOSX/…) is no part of the backup.
  const files = listed.filter((e) => !e.directory && !isSystemJunk(e.filename));
  const manifestEntry = files.find((e) => e.filename === ACCOUNT_MANIFEST_NAME);
  if (!manifestEntry) throw new ArchiveFailure('not_an_archive');
  if (files.some((e) => (e.compressionMethod !== 0 && e.compressionMethod !== 8) || e.encrypted || e.uncompressedSize > ENTRY_MAX_BYTES)) {
    throw new ArchiveFailure('archive_damaged');
  }
  let manifest: Partial<AccountManifest>;
  try {
    manifest = JSON.parse(
      new TextDecoder().decode(await readZipEntry(env.MEDIA, row.file_key!, placeOf(manifestEntry))),
    ) as Partial<AccountManifest>;
  } catch (err) {
    throw err instanceof DamagedZip ? err : new ArchiveFailure('not_an_archive');
  }
  if (manifest.format !== ACCOUNT_ARCHIVE_FORMAT) throw new ArchiveFailure('not_an_archive');
  if (manifest.version !== ACCOUNT_ARCHIVE_VERSION) throw new ArchiveFailure('archive_version');
  const collections = Array.isArray(manifest.collections) ? manifest.collections : [];
  if (collections.length > MAX_COLLECTIONS) throw new ArchiveFailure('archive_damaged');
  const byName = new Map(files.map((e) => [e.filename, e]));
  // Each collection's files (pictures, videos, others) are those right inside its pictures folder: files
  // are sorted into folders once, whatever the number of collections.
  const inFolder = new Map<string, (typeof files)[number][]>();
  for (const e of files) {
    const folder = e.filename.slice(0, e.filename.lastIndexOf('/') + 1);
    const list = inFolder.get(folder);
    if (list) list.push(e);
    else inFolder.set(folder, [e]);
  }
  const tuples: unknown[][] = [];
  // A file's row keeps, in its `image` column, the uploaded name its entry's comment gives (for downloads).
  const place = (folder: number, kind: string, e: (typeof files)[number], name: string, uploadedName: string | null = null) => {
    const p = placeOf(e);
    tuples.push([tuples.length, folder, kind, name, p.offset, p.method, p.packed_size, p.size, p.crc, uploadedName]);
  };
  const folders = new Set<string>();
  collections.forEach((collection, folder) => {
    const document = typeof collection?.document === 'string' ? byName.get(collection.document) : undefined;
    const prefix = typeof collection?.pictures === 'string' ? collection.pictures : null;
    // Two collections may not share a folder: their pictures would be restored twice.
    if (!prefix?.endsWith('/') || folders.has(prefix)) throw new ArchiveFailure('archive_damaged', ACCOUNT_MANIFEST_NAME);
    if (!document)
      throw new ArchiveFailure('archive_damaged', typeof collection.document === 'string' ? collection.document : ACCOUNT_MANIFEST_NAME);
    // As many pictures as the backup wrote (a manifest that counts them): none missing, none added.
    const pictures = inFolder.get(prefix)?.length ?? 0;
    if (collection.pictureCount !== undefined && collection.pictureCount !== pictures) throw new ArchiveFailure('archive_damaged', prefix);
    folders.add(prefix);
    // A document's row is named after its collection (as the manifest says), for the progress.
    place(folder, 'document', document, typeof collection.name === 'string' ? collection.name.slice(0, COLLECTION_NAME_MAX_LENGTH) : '');
    for (const e of inFolder.get(prefix) ?? []) place(folder, 'picture', e, e.filename, e.comment ? storedFileName(e.comment) : null);
  });
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < tuples.length; at += ENTRIES_PER_STATEMENT) {
    statements.push(
      env.DB.prepare(
        `INSERT OR REPLACE INTO account_restore_entries (archive_id, position, folder, kind, name, offset, method, packed_size, size, crc, image)
         SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9
         FROM json_each(?2)`,
      ).bind(row.id, JSON.stringify(tuples.slice(at, at + ENTRIES_PER_STATEMENT))),
    );
  }
  const empty = collections.length === 0;
  statements.push(
    env.DB.prepare(
      `UPDATE account_archives SET phase = ?2, collections = ?3, folder = 0, cursor = -1,
        status = CASE WHEN ?4 THEN 'done' ELSE status END, finished_at = CASE WHEN ?4 THEN ${NOW_SQL} END
       WHERE id = ?1 AND phase = 'open'`,
    ).bind(row.id, empty ? 'done' : 'create', collections.length, empty ? 1 : 0),
  );
  await env.DB.batch(statements);
  if (empty) await env.MEDIA.delete(row.file_key!);
  return empty ? 'over' : 'more';
}

/** The collection's head as its document gives it, checked as a new collection would be. */
function collectionOf(head: Partial<ExportHead>) {
  const given = head.collection;
  const name =
    typeof given?.name === 'string' && given.name.trim() !== '' ? given.name.trim().slice(0, COLLECTION_NAME_MAX_LENGTH) : 'Collection';
  const base = { name, type: given?.type, description: given?.description ?? null, tags: Array.isArray(given?.tags) ? given.tags : [] };
  // Settings the server would refuse are left out, rather than the collection.
  const parsed = createCollectionInput.safeParse({ ...base, ...given?.settings });
  if (parsed.success) return parsed.data;
  const plain = createCollectionInput.safeParse(base);
  if (plain.success) return plain.data;
  const typed = createCollectionInput.safeParse({ name, type: 'custom' });
  if (!typed.success) throw new ArchiveFailure('archive_damaged');
  return typed.data;
}

/**
 * The plan that imports the document into its new collection: every property of the export made again
 * with its key, label, type, roles and settings (one property per role, one title).
 */
function restorePlan(head: Partial<ExportHead>, members: Record<string, unknown>): ImportPlan {
  const { fields } = vitrineHead(members);
  const exported = new Map((Array.isArray(head.properties) ? head.properties : []).map((p) => [p?.key, p]));
  const roles = new Set<string>();
  let titled = false;
  const plan = importPlan.safeParse({
    format: VITRINE_EXPORT_FORMAT,
    encoding: 'utf-8',
    covers: false,
    fields: fields.slice(0, MAX_PROPERTIES).map((f) => {
      const title = !titled && exported.get(f.key)?.isTitle === true && f.type === 'text' && !f.multiple;
      titled ||= title;
      const settings = { ...f.settings };
      for (const role of ['isSubtitle', 'isCover', 'isReference'] as const) {
        if (!settings[role]) continue;
        if (roles.has(role)) delete settings[role];
        else roles.add(role);
      }
      return { field: f.key, property: f.key, create: { label: f.label, type: f.type, multiple: f.multiple, title, settings } };
    }),
  });
  if (!plan.success) throw new ArchiveFailure('archive_damaged');
  return plan.data;
}

/**
 * Makes the current collection again: the collection, its properties and an import of its document,
 * in one batch that also records them and moves the run to the collection's pictures.
 */
async function createStep(env: Env, row: ArchiveRow): Promise<RestoreState> {
  const document = await documentOf(env, row.id, row.folder);
  if (!document) throw new ArchiveFailure('archive_damaged');
  const bytes = await readZipEntry(env.MEDIA, row.file_key!, document);
  const { text } = decodeText(bytes.subarray(0, HEAD_BYTES), 'utf-8');
  let members: Record<string, unknown>;
  try {
    members = readJsonHead(text, 'items').members;
  } catch {
    throw new ArchiveFailure('archive_damaged');
  }
  const head = members as Partial<ExportHead>;
  const collection = collectionOf(head);
  const plan = restorePlan(head, members);
  let prepared: ReturnType<typeof prepareFile>;
  try {
    prepared = prepareFile(bytes, plan, { emptyAllowed: true });
  } catch (err) {
    if (err instanceof ImportFileError) throw new ArchiveFailure(err.problem === 'unknown_version' ? 'archive_version' : 'archive_damaged');
    throw err;
  }
  // A collection without items has nothing to import: its run is over as soon as it is made.
  const empty = decodeText(prepared.document.subarray(prepared.head.start, prepared.head.start + 64), 'utf-8')
    .text.trimStart()
    .startsWith(']');
  // The document is imported from a copy of its own, read a window at a time like any import's file.
  const fileKey = `imports/restores/${row.id}/${row.folder}`;
  await env.MEDIA.put(fileKey, prepared.document, { httpMetadata: { contentType: 'application/json' } });
  const entry = `archive_id = ${row.id} AND position = ${document.position}`;
  const collectionId = `(SELECT collection_id FROM account_restore_entries WHERE ${entry})`;
  // Each property as one JSON object: its settings beside its key, label and type.
  const exported = new Map((Array.isArray(head.properties) ? head.properties : []).map((p) => [p?.key, p]));
  const properties = plan.fields.map((f) => ({
    ...f.create!.settings,
    key: f.property,
    label: f.create!.label,
    type: f.create!.type,
    multiple: f.create!.multiple,
    title: f.create!.title,
    labelTemplate: restoredLabelTemplate(collection.type, exported.get(f.property)),
  }));
  const image =
    typeof head.collection?.image === 'string' && !isPictureAddress(head.collection.image) ? pictureName(head.collection.image) : null;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO collections (owner_id, name, type, description, tags, visibility, borrowable, loan_period_days, reminder_days, offer_days)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(
      row.user_id,
      collection.name,
      collection.type,
      collection.description ?? null,
      JSON.stringify(collection.tags),
      collection.visibility,
      collection.borrowable,
      collection.loanPeriodDays,
      collection.reminderDays,
      collection.offerDays,
    ),
    env.DB.prepare(`UPDATE account_restore_entries SET collection_id = last_insert_rowid(), image = ?1 WHERE ${entry}`).bind(image),
    env.DB.prepare(
      `INSERT INTO properties (collection_id, key, label, type, multiple, is_title, display_order, is_subtitle, is_cover, is_reference, hide_label,
         in_summary, required, filterable, searchable, sortable, visibility, suffix, description, label_template)
       SELECT ${collectionId}, p.value ->> 'key', p.value ->> 'label', p.value ->> 'type', p.value ->> 'multiple', p.value ->> 'title', p.key,
         coalesce(p.value ->> 'isSubtitle', 0), coalesce(p.value ->> 'isCover', 0), coalesce(p.value ->> 'isReference', 0),
         coalesce(p.value ->> 'hideLabel', 0), coalesce(p.value ->> 'inSummary', 0), coalesce(p.value ->> 'required', 0),
         coalesce(p.value ->> 'filterable', 0), coalesce(p.value ->> 'searchable', 0), coalesce(p.value ->> 'sortable', 0),
         coalesce(p.value ->> 'visibility', 0), p.value ->> 'suffix', p.value ->> 'description', p.value ->> 'labelTemplate'
       FROM json_each(?1) p`,
    ).bind(JSON.stringify(properties)),
    env.DB.prepare(
      `INSERT INTO imports (collection_id, user_id, format, file_name, file_key, file_length, encoding, head, plan, position, status, total, finished_at)
       VALUES (${collectionId}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, CASE WHEN ?10 THEN 'done' ELSE 'checking' END,
         CASE WHEN ?10 THEN 0 END, CASE WHEN ?10 THEN ${NOW_SQL} END)`,
    ).bind(
      row.user_id,
      plan.format,
      `${collection.name.slice(0, 140)}.json`,
      fileKey,
      prepared.document.length,
      prepared.encoding,
      JSON.stringify(prepared.head),
      JSON.stringify(plan),
      prepared.head.start,
      empty ? 1 : 0,
    ),
    env.DB.prepare(`UPDATE account_restore_entries SET import_id = last_insert_rowid() WHERE ${entry}`),
    env.DB.prepare(`UPDATE account_archives SET phase = 'pictures', cursor = -1 WHERE id = ?1 AND phase = 'create' AND folder = ?2`).bind(
      row.id,
      row.folder,
    ),
  ]);
  return 'more';
}

/** Up to twenty of the collection's files (about 1 MB), stored as its media and named for its import. */
async function picturesStep(env: Env, row: ArchiveRow): Promise<RestoreState> {
  const document = await documentOf(env, row.id, row.folder);
  if (!document) throw new ArchiveFailure('archive_damaged');
  if (!document.collection_id || !document.import_id) {
    // The collection was deleted meanwhile: nothing of it to store; the run goes on with the next one.
    await env.DB.prepare(`UPDATE account_archives SET phase = 'import' WHERE id = ?1 AND phase = 'pictures' AND folder = ?2`)
      .bind(row.id, row.folder)
      .run();
    return 'more';
  }
  const { results } = await env.DB.prepare(
    `SELECT * FROM account_restore_entries WHERE archive_id = ?1 AND folder = ?2 AND kind = 'picture' AND position > ?3 ORDER BY position LIMIT ?4`,
  )
    .bind(row.id, row.folder, row.cursor, PICTURES_PER_STEP)
    .all<EntryRow>();
  const stored: { name: string; value: string; image: boolean }[] = [];
  let bytes = 0;
  let last = row.cursor;
  for (const picture of results) {
    if (bytes > 0 && bytes + picture.size > PICTURE_BYTES_PER_STEP) break;
    last = picture.position;
    // A file larger than an upload may be stays out: the values naming it say so in the import's report.
    if (!restorableSize(picture.size)) continue;
    const data = await readZipEntry(env.MEDIA, row.file_key!, picture);
    bytes += data.length;
    // Typed by its content as an upload is; only an image property checks that it is a picture (mapping).
    stored.push({ name: pictureName(picture.name), ...(await storeRestoredFile(env, document.collection_id, data, picture.image)) });
  }
  const finished = results.length === 0;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO import_media (import_id, name, value)
       SELECT ?1, value ->> 'name', value ->> 'value' FROM json_each(?2)`,
    ).bind(document.import_id, JSON.stringify(stored.map(({ name, value }) => ({ name, value })))),
    wantThumbnails(
      env,
      document.collection_id,
      stored.filter((s) => s.image).map((s) => s.value),
    ),
    env.DB.prepare(
      `UPDATE account_archives SET cursor = ?3, phase = CASE WHEN ?4 THEN 'import' ELSE phase END WHERE id = ?1 AND phase = 'pictures' AND cursor = ?2`,
    ).bind(row.id, row.cursor, last, finished ? 1 : 0),
  ]);
  return 'more';
}

/**
 * The collection's import, a step of it at a time; once it ended, the collection takes its picture
 * and the run goes on to the next collection (or ends, after the last).
 */
async function importPhaseStep(env: Env, row: ArchiveRow): Promise<RestoreState> {
  const document = await documentOf(env, row.id, row.folder);
  if (!document) throw new ArchiveFailure('archive_damaged');
  const run = document.import_id
    ? await env.DB.prepare('SELECT status FROM imports WHERE id = ?1').bind(document.import_id).first<{ status: string }>()
    : null;
  if (run?.status === 'checking') {
    await checkStep(env, document.import_id!);
    return 'more';
  }
  if (run?.status === 'importing') {
    await importStep(env, document.import_id!);
    return 'more';
  }
  // Its import ended (or the collection is gone): the collection's own picture, then the next one.
  const last = row.folder + 1 >= row.collections;
  await env.DB.batch([
    ...(document.image && document.collection_id
      ? [
          env.DB.prepare(
            `UPDATE collections SET image = (SELECT value FROM import_media WHERE import_id = ?2 AND name = ?3 AND value NOT LIKE '!%') WHERE id = ?1`,
          ).bind(document.collection_id, document.import_id, document.image),
        ]
      : []),
    env.DB.prepare(
      `UPDATE account_archives SET restored = restored + 1, folder = folder + 1, cursor = -1, phase = CASE WHEN ?3 THEN 'done' ELSE 'create' END,
        status = CASE WHEN ?3 THEN 'done' ELSE status END, finished_at = CASE WHEN ?3 THEN ${NOW_SQL} END
       WHERE id = ?1 AND phase = 'import' AND folder = ?2`,
    ).bind(row.id, row.folder, last ? 1 : 0),
  ]);
  if (last) await env.MEDIA.delete(row.file_key!);
  return last ? 'over' : 'more';
}

/** A run that stopped on an unexpected error: the collection's import being made ends with it. */
export async function failRestore(env: Env, id: number): Promise<void> {
  const row = await loadArchive(env, id);
  if (row && row.phase !== 'open' && row.phase !== 'done') {
    const document = await documentOf(env, id, row.folder);
    if (document?.import_id) await markFailed(env, document.import_id);
  }
  await markArchiveFailed(env, id, 'step_failed');
}
