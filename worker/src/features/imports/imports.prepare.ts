// What an import needs from a file before its Workflow starts: the document (taken out of its zip), the
// encoding, the head (fields, where records begin), checked against the plan. The upload route and a
// scheduled source's fetch step both go through here, so a file is judged the same way however it came.
import { csvOptionsOf, detectFormat, readHead, readSample } from '@shared/import/formats';
import type { ImportRecord } from '@shared/import/records';
import { ImportFileError } from '@shared/import/errors';
import { byteOffset, byteOrderMarkLength, decodeText, detectEncoding, type TextEncoding } from '@shared/import/text';
import { refuseNonDocument } from '@shared/import/sniff';
import { isZip } from '@shared/import/zip';
import { zipDocument } from '@shared/import/zip-document';
import { zipGcstarModel } from '@shared/import/gcstar-gcm';
import type { ImportPlan } from '@shared/schemas/imports';
import type { StoredHead } from './imports.steps';

/** The head of a file (its header row, its format) is read from this many bytes. */
export const HEAD_BYTES = 256 * 1024;

export interface PreparedFile {
  /** What the steps read: the file, or the document inside its zip. */
  document: Uint8Array;
  /** The zip the document came in (its pictures are taken out by the steps), or null. */
  archive: Uint8Array | null;
  encoding: TextEncoding;
  head: StoredHead;
  /** The first records (SAMPLE_RECORDS), read as the browser reads them for its preview. */
  sample: ImportRecord[];
}

/**
 * Reads a file's head as the plan says; throws ImportFileError when it cannot be read that way. A file
 * without a record is refused (`no_records`) unless `emptyAllowed`: a restored collection may hold no
 * item, and a scheduled source's document may be empty today.
 */
export function prepareFile(bytes: Uint8Array, plan: ImportPlan, { emptyAllowed = false } = {}): PreparedFile {
  // A zip (Tellico's .tc, GCstar with its pictures): the document inside is what the steps read; the
  // archive stays beside it until its pictures are taken out.
  const archive = isZip(bytes) ? bytes : null;
  const document = archive ? zipDocument(archive).bytes : bytes;
  const headBytes = document.subarray(0, HEAD_BYTES);
  refuseNonDocument(headBytes);
  const encoding = plan.encoding === 'auto' ? detectEncoding(headBytes) : plan.encoding;
  const bom = byteOrderMarkLength(document, encoding);
  const { text } = decodeText(headBytes, encoding, { cut: document.length > HEAD_BYTES });
  const detected = detectFormat(text);
  // A Goodreads export may also be read as plain CSV, with the person's own mapping.
  if (detected !== plan.format && plan.format !== 'csv') throw new ImportFileError('unknown_format');
  const csv = csvOptionsOf(plan.format, text, plan.csv ?? undefined);
  const sourceHead = readHead(plan.format, text, csv, { gcm: archive && plan.format === 'gcstar' ? zipGcstarModel(archive) : null });
  const head = { ...sourceHead, csv, start: bom + byteOffset(headBytes.subarray(bom), encoding, text, sourceHead.start) };
  const sample = sampleOf(() => readSample(sourceHead, csv, text, document.length <= HEAD_BYTES), emptyAllowed);
  return { document, archive, encoding, head, sample };
}

/** The first records, or none when they cannot be read: the run's check then fails with the file's problem, before any write. */
function sampleOf(read: () => ImportRecord[], emptyAllowed: boolean): ImportRecord[] {
  try {
    return read();
  } catch (err) {
    // A file without a record is refused now; another problem, by the run's check (nothing is written before).
    if (err instanceof ImportFileError && (err.problem !== 'no_records' || emptyAllowed)) return [];
    throw err;
  }
}

/**
 * The Workflow instance of a run: its id and its file's random name, so an instance id is never reused,
 * even by a database started afresh beside Workflow state that was kept.
 */
export const workflowIdOf = (run: { id: number; fileKey: string }) => `import-${run.id}-${run.fileKey.split('/').pop()}`;

/** Where a new run's file goes in R2. */
export const newFileKey = (collectionId: number) => `imports/${collectionId}/${crypto.randomUUID()}`;

/** Whether a plan sends a field to one of these image properties: then covers given by address are fetched. */
export const wantsCovers = (plan: ImportPlan, imageKeys: ReadonlySet<string>) =>
  plan.covers && plan.fields.some((f) => imageKeys.has(f.property));
